import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceFile as ServiceFileDto } from '@backoffice/contracts';
import { ConflictError, NotFoundError } from '@backoffice/platform';
import { assertNameFree } from '../names/unique-name';
import { CatalogueServiceEntity } from '../services/service.entity';
import { ServiceEvents } from '../services/service-state';
import { ServiceFileEntity } from './service-file.entity';

const toDto = (file: ServiceFileEntity, serviceCount: number): ServiceFileDto => ({
  id: file.id,
  name: file.name,
  accept: file.accept,
  serviceCount,
});

const byName = (a: ServiceFileEntity, b: ServiceFileEntity) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** Required-document definitions, with the calls the specification names (kept outside the repository; docs/product.md). */
@Injectable()
export class ServiceFilesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: ServiceEvents,
  ) {}

  async list(): Promise<ServiceFileDto[]> {
    const files = (await this.em.find(ServiceFileEntity, {})).sort(byName);
    return this.withCounts(this.em, files);
  }

  /** The required files of one service. */
  async forService(serviceId: number): Promise<ServiceFileDto[]> {
    const service = await this.em.findOne(CatalogueServiceEntity, { id: serviceId }, { populate: ['serviceFiles'] });
    if (!service) throw new NotFoundError('Service', serviceId);
    return this.withCounts(this.em, service.serviceFiles.getItems().sort(byName));
  }

  async get(id: number): Promise<ServiceFileDto> {
    const file = await this.em.findOne(ServiceFileEntity, { id });
    if (!file) throw new NotFoundError('Service file', id);
    return (await this.withCounts(this.em, [file]))[0];
  }

  async insert(input: { name: string; accept: string }): Promise<ServiceFileDto> {
    return this.em.transactional(async (em) => {
      await this.assertFileNameFree(em, input.name, undefined);
      const file = em.create(ServiceFileEntity, input);
      await em.flush();
      return toDto(file, 0);
    });
  }

  /** Renaming or changing the types changes every service that requires the file: each publishes its new state. */
  async update(input: { id: number; name: string; accept: string }): Promise<ServiceFileDto> {
    return this.em.transactional(async (em) => {
      const file = await em.findOne(ServiceFileEntity, { id: input.id });
      if (!file) throw new NotFoundError('Service file', input.id);
      await this.assertFileNameFree(em, input.name, input.id);
      const changed = file.name !== input.name || file.accept !== input.accept;
      em.assign(file, { name: input.name, accept: input.accept });
      const services = await em.find(CatalogueServiceEntity, { serviceFiles: input.id }, { populate: ['serviceFiles'] });
      await em.flush();
      if (changed) {
        for (const service of services) this.events.changed(em, service, 'updated');
        await em.flush();
      }
      return toDto(file, services.length);
    });
  }

  /** Refused while services still require the file. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const file = await em.findOne(ServiceFileEntity, { id });
      if (!file) throw new NotFoundError('Service file', id);
      const services = await em.find(CatalogueServiceEntity, { serviceFiles: id }, { fields: ['id', 'name'], orderBy: { name: 'asc' } });
      if (services.length) {
        const names = services.slice(0, 3).map((s) => `"${s.name}"`);
        const more = services.length > 3 ? ` and ${services.length - 3} more` : '';
        throw new ConflictError(
          `This service file is required by ${services.length === 1 ? '1 service' : `${services.length} services`} (${names.join(', ')}${more}). Remove it from them first.`,
          'service_file_in_use',
        );
      }
      em.remove(file);
      await em.flush();
    });
  }

  private async assertFileNameFree(em: EntityManager, name: string, id: number | undefined): Promise<void> {
    await assertNameFree(
      em,
      'select id from service_files where lower(name) = lower(?) and id <> ? limit 1',
      [name, id ?? 0],
      `A service file named "${name}" already exists.`,
    );
  }

  private async withCounts(em: EntityManager, files: ServiceFileEntity[]): Promise<ServiceFileDto[]> {
    if (files.length === 0) return [];
    const rows = await em
      .getConnection()
      .execute<{ id: number; count: number }[]>(
        'select service_file_id as id, count(*)::int as count from service_required_files where service_file_id = any(?::int[]) group by service_file_id',
        [`{${files.map((f) => f.id).join(',')}}`],
        'all',
        em.getTransactionContext(),
      );
    const counts = new Map(rows.map((row) => [Number(row.id), row.count]));
    return files.map((file) => toDto(file, counts.get(file.id) ?? 0));
  }
}
