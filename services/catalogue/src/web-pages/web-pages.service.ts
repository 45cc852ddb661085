import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { catalogueImageId, type FieldError, type WebArticle, type WebArticleValues, type WebPage } from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '@backoffice/platform';
import { sanitizeArticleHtml } from './article-html.policy';
import { articleParentProblem, MAX_ARTICLE_DEPTH, type ArticleNode } from './article-parent.policy';
import { CatalogueFileEntity } from '../files/catalogue-file.entity';
import { WebArticleEntity } from './web-article.entity';

export function toWebArticle(row: WebArticleEntity): WebArticle {
  return {
    id: row.id,
    page: row.page,
    parentId: row.parentId ?? null,
    active: row.active,
    isHome: row.isHome,
    sort: row.sort,
    title: row.title,
    shortDescription: row.shortDescription,
    fullDescription: row.fullDescription,
    images: [...row.images],
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    tags: row.tags,
    videoUrl: row.videoUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ORDER = { orderBy: { sort: 'asc', id: 'asc' } } as const;

/** The stored fields of an article from a validated body; the rich text is sanitised here. */
function fields(input: WebArticleValues) {
  return {
    page: input.page,
    parentId: input.parentId,
    active: input.active,
    isHome: input.isHome,
    sort: input.sort,
    title: input.title,
    shortDescription: input.shortDescription,
    fullDescription: sanitizeArticleHtml(input.fullDescription),
    images: input.images,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    tags: input.tags,
    videoUrl: input.videoUrl,
  };
}

/** Articles of the web pages: list by page, children by parent, one, insert, update, delete. */
@Injectable()
export class WebPagesService {
  constructor(private readonly em: EntityManager) {}

  async listOfPage(page: WebPage): Promise<WebArticle[]> {
    const rows = await this.em.find(WebArticleEntity, { page }, ORDER);
    return rows.map(toWebArticle);
  }

  async children(parentId: number): Promise<WebArticle[]> {
    await this.find(this.em, parentId);
    const rows = await this.em.find(WebArticleEntity, { parentId }, ORDER);
    return rows.map(toWebArticle);
  }

  async get(id: number): Promise<WebArticle> {
    return toWebArticle(await this.find(this.em, id));
  }

  create(input: WebArticleValues): Promise<WebArticle> {
    return this.em.transactional(async (em) => {
      await this.assertValid(em, undefined, input);
      const row = em.create(WebArticleEntity, { ...fields(input), createdAt: new Date(), updatedAt: new Date() });
      await em.flush();
      return toWebArticle(row);
    });
  }

  update(id: number, input: WebArticleValues): Promise<WebArticle> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      const movesPage = input.page !== row.page && (await em.count(WebArticleEntity, { parentId: id })) > 0;
      await this.assertValid(
        em,
        id,
        input,
        movesPage ? [{ path: 'page', message: 'This article has child articles: it cannot move to another page.' }] : [],
      );
      em.assign(row, fields(input));
      await em.flush();
      return toWebArticle(row);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      const children = await em.count(WebArticleEntity, { parentId: id });
      if (children > 0) {
        throw new ConflictError(
          `This article has ${children} child article${children === 1 ? '' : 's'}: delete or move ${children === 1 ? 'it' : 'them'} first.`,
          'article_has_children',
        );
      }
      await em.remove(row).flush();
    });
  }

  private async find(em: EntityManager, id: number): Promise<WebArticleEntity> {
    const row = await em.findOne(WebArticleEntity, { id });
    if (!row) throw new NotFoundError('Article', id);
    return row;
  }

  /** Every field error at once: the parent (exists, same page, no cycle) and the images (uploaded here). */
  private async assertValid(em: EntityManager, id: number | undefined, input: WebArticleValues, errors: FieldError[] = []): Promise<void> {
    const parentProblem =
      input.parentId === null ? undefined : articleParentProblem(id, input.page, await this.parentChain(em, input.parentId, id));
    if (parentProblem) errors.push({ path: 'parentId', message: parentProblem });
    errors.push(...(await this.unknownImages(em, input.images)));
    if (errors.length) throw new InvalidInputError(errors);
  }

  /** The parent and its ancestors, nearest first; stops at the article itself (a cycle) or the depth limit. */
  private async parentChain(em: EntityManager, parentId: number, id: number | undefined): Promise<ArticleNode[]> {
    const chain: ArticleNode[] = [];
    let next: number | null = parentId;
    while (next !== null && chain.length < MAX_ARTICLE_DEPTH && !chain.some((node) => node.id === next)) {
      const row: ArticleNode | null = await em.findOne(WebArticleEntity, { id: next }, { fields: ['id', 'page', 'parentId'] });
      if (!row) break;
      chain.push({ id: row.id, page: row.page, parentId: row.parentId ?? null });
      if (row.id === id) break;
      next = row.parentId ?? null;
    }
    return chain;
  }

  /** Images that were never uploaded to the catalogue file store (`images.2: …`). */
  private async unknownImages(em: EntityManager, urls: readonly string[]): Promise<FieldError[]> {
    if (urls.length === 0) return [];
    const ids = urls.map(catalogueImageId);
    const rows = await em.find(CatalogueFileEntity, { id: { $in: ids } }, { fields: ['id'] });
    const found = new Set(rows.map((row) => row.id));
    return ids.flatMap((fileId, index) =>
      found.has(fileId) ? [] : [{ path: `images.${index}`, message: 'This image was not found; upload it again.' }],
    );
  }
}
