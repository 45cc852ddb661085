import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Category as CategoryDto, CategoryDetail, CategoryRef, CategoryValues, FieldError } from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '@backoffice/platform';
import { FilesService } from '../files/files.service';
import { assertNameFree } from '../names/unique-name';
import { CategoryEntity } from './category.entity';
import { deleteRefusal, moveProblem } from './category-tree.policy';

interface Counts {
  children: number;
  services: number;
}

export function toCategoryDto(category: CategoryEntity, counts: Counts): CategoryDto {
  return {
    id: category.id,
    active: category.active,
    home: category.home,
    parentId: category.parentId,
    name: category.name,
    description: category.description,
    images: category.images,
    childCount: counts.children,
    serviceCount: counts.services,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly em: EntityManager,
    private readonly files: FilesService,
  ) {}

  /** One level of the tree, by name: the root when parentId is absent. */
  async list(parentId?: number): Promise<CategoryDto[]> {
    if (parentId !== undefined && !(await this.em.count(CategoryEntity, { id: parentId }))) throw new NotFoundError('Category', parentId);
    const categories = await this.em.find(CategoryEntity, { parentId: parentId ?? null }, { orderBy: { name: 'asc', id: 'asc' } });
    const counts = await this.counts(categories.map((c) => c.id));
    return categories
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id)
      .map((c) => toCategoryDto(c, counts.get(c.id) ?? { children: 0, services: 0 }));
  }

  async get(id: number): Promise<CategoryDetail> {
    const category = await this.em.findOne(CategoryEntity, { id });
    if (!category) throw new NotFoundError('Category', id);
    const counts = (await this.counts([id])).get(id) ?? { children: 0, services: 0 };
    return { ...toCategoryDto(category, counts), ancestors: await this.ancestors(this.em, category.parentId) };
  }

  async create(input: CategoryValues): Promise<CategoryDto> {
    return this.em.transactional(async (em) => {
      await this.check(em, input, undefined);
      const category = em.create(CategoryEntity, { ...input });
      await em.flush();
      return toCategoryDto(category, { children: 0, services: 0 });
    });
  }

  async update(id: number, input: CategoryValues): Promise<CategoryDto> {
    const updated = await this.em.transactional(async (em) => {
      const category = await em.findOne(CategoryEntity, { id });
      if (!category) throw new NotFoundError('Category', id);
      await this.check(em, input, id);
      em.assign(category, { ...input });
      await em.flush();
      return category;
    });
    return toCategoryDto(updated, (await this.counts([id])).get(id) ?? { children: 0, services: 0 });
  }

  /** Refused while the category still holds subcategories or services. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const category = await em.findOne(CategoryEntity, { id });
      if (!category) throw new NotFoundError('Category', id);
      const counts = (await this.counts([id], em)).get(id) ?? { children: 0, services: 0 };
      const refusal = deleteRefusal(counts.children, counts.services);
      if (refusal) throw new ConflictError(refusal, 'category_not_empty');
      em.remove(category);
      await em.flush();
    });
  }

  /** The parent exists and is not the category or below it, the name is free at that level, the images exist. */
  private async check(em: EntityManager, input: CategoryValues, id: number | undefined): Promise<void> {
    const errors: FieldError[] = [];
    if (input.parentId !== null) {
      const parent = await em.findOne(CategoryEntity, { id: input.parentId });
      if (!parent) {
        errors.push({ path: 'parentId', message: 'The parent category was not found.' });
      } else if (id !== undefined) {
        const chain = [parent.id, ...(await this.ancestors(em, parent.parentId)).map((a) => a.id)];
        const problem = moveProblem(id, input.parentId, chain);
        if (problem) errors.push({ path: 'parentId', message: problem });
      }
    }
    errors.push(...(await this.files.unknownImages(em, input.images)));
    if (errors.length) throw new InvalidInputError(errors);

    await assertNameFree(
      em,
      'select id from service_categories where coalesce(parent_id, 0) = ? and lower(name) = lower(?) and id <> ? limit 1',
      [input.parentId ?? 0, input.name, id ?? 0],
      `A category named "${input.name}" already exists at this level.`,
    );
  }

  /** The ancestors of a category whose parent is `parentId`, root first. */
  private async ancestors(em: EntityManager, parentId: number | null): Promise<CategoryRef[]> {
    if (parentId === null) return [];
    const rows = await em.getConnection().execute<{ id: number; name: string }[]>(
      `with recursive chain as (
         select id, parent_id, name, 1 as depth from service_categories where id = ?
         union all
         select c.id, c.parent_id, c.name, chain.depth + 1 from service_categories c join chain on c.id = chain.parent_id
         where chain.depth < 100
       )
       select id, name from chain order by depth desc`,
      [parentId],
      'all',
      em.getTransactionContext(),
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** Direct subcategories and services per category. */
  private async counts(ids: number[], em: EntityManager = this.em): Promise<Map<number, Counts>> {
    const result = new Map<number, Counts>(ids.map((id) => [id, { children: 0, services: 0 }]));
    if (ids.length === 0) return result;
    const connection = em.getConnection();
    const context = em.getTransactionContext();
    const [children, services] = await Promise.all([
      connection.execute<{ id: number; count: number }[]>(
        'select parent_id as id, count(*)::int as count from service_categories where parent_id = any(?::int[]) group by parent_id',
        [`{${ids.join(',')}}`],
        'all',
        context,
      ),
      connection.execute<{ id: number; count: number }[]>(
        'select category_id as id, count(*)::int as count from services where category_id = any(?::int[]) group by category_id',
        [`{${ids.join(',')}}`],
        'all',
        context,
      ),
    ]);
    for (const row of children) result.get(Number(row.id))!.children = row.count;
    for (const row of services) result.get(Number(row.id))!.services = row.count;
    return result;
  }
}
