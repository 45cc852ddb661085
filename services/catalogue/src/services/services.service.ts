import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError, Service, ServiceValues } from '@backoffice/contracts';
import { InvalidInputError, NotFoundError } from '@backoffice/platform';
import { CategoryEntity } from '../categories/category.entity';
import { FilesService } from '../files/files.service';
import { assertNameFree } from '../names/unique-name';
import { ServiceFileEntity } from '../service-files/service-file.entity';
import { CatalogueServiceEntity } from './service.entity';
import { ServiceEvents, toServiceDto } from './service-state';

@Injectable()
export class ServicesService {
  constructor(
    private readonly em: EntityManager,
    private readonly files: FilesService,
    private readonly events: ServiceEvents,
  ) {}

  /** The services of one category (every service when absent), by name. */
  async list(categoryId?: number): Promise<Service[]> {
    if (categoryId !== undefined && !(await this.em.count(CategoryEntity, { id: categoryId })))
      throw new NotFoundError('Category', categoryId);
    const services = await this.em.find(CatalogueServiceEntity, categoryId === undefined ? {} : { categoryId }, {
      populate: ['serviceFiles'],
      orderBy: { name: 'asc', id: 'asc' },
    });
    return services.map(toServiceDto).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
  }

  async get(id: number): Promise<Service> {
    return toServiceDto(await this.load(this.em, id));
  }

  async create(input: ServiceValues): Promise<Service> {
    return this.em.transactional(async (em) => {
      const requiredFiles = await this.check(em, input, undefined);
      const service = em.create(CatalogueServiceEntity, this.fields(input));
      service.serviceFiles.set(requiredFiles);
      await em.flush(); // the id, for the event key
      return this.events.changed(em, service, 'created');
    });
  }

  async update(id: number, input: ServiceValues): Promise<Service> {
    return this.em.transactional(async (em) => {
      const service = await this.load(em, id);
      const requiredFiles = await this.check(em, input, id);
      em.assign(service, this.fields(input));
      service.serviceFiles.set(requiredFiles);
      service.updatedAt = new Date();
      await em.flush();
      return this.events.changed(em, service, 'updated');
    });
  }

  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const service = await this.load(em, id);
      em.remove(service);
      await em.flush();
      this.events.deleted(em, id);
    });
  }

  private fields(input: ServiceValues) {
    const { serviceFiles: _files, description_Ar, ...rest } = input;
    return { ...rest, descriptionAr: description_Ar };
  }

  private async load(em: EntityManager, id: number): Promise<CatalogueServiceEntity> {
    const service = await em.findOne(CatalogueServiceEntity, { id }, { populate: ['serviceFiles'] });
    if (!service) throw new NotFoundError('Service', id);
    return service;
  }

  /** The category, required files and images exist, and the name is free in the category. Answers the required files. */
  private async check(em: EntityManager, input: ServiceValues, id: number | undefined): Promise<ServiceFileEntity[]> {
    const errors: FieldError[] = [];
    if (!(await em.count(CategoryEntity, { id: input.categoryId }))) {
      errors.push({ path: 'categoryId', message: 'The category was not found.' });
    }
    const requiredFiles = input.serviceFiles.length ? await em.find(ServiceFileEntity, { id: { $in: input.serviceFiles } }) : [];
    const found = new Set(requiredFiles.map((file) => file.id));
    input.serviceFiles.forEach((fileId, index) => {
      if (!found.has(fileId)) errors.push({ path: `serviceFiles.${index}`, message: `The service file ${fileId} was not found.` });
    });
    errors.push(...(await this.files.unknownImages(em, input.images)));
    if (errors.length) throw new InvalidInputError(errors);

    await assertNameFree(
      em,
      'select id from services where category_id = ? and lower(name) = lower(?) and id <> ? limit 1',
      [input.categoryId, input.name, id ?? 0],
      `A service named "${input.name}" already exists in this category.`,
    );
    return requiredFiles;
  }
}
