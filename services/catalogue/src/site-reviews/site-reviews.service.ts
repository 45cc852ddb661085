import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import type { Page, SiteReview, SiteReviewListQuery, SiteReviewValues } from '@backoffice/contracts';
import { containsPattern, NotFoundError, pageWindow, toPage } from '@backoffice/platform';
import { SiteReviewEntity } from './site-review.entity';

/** A date column as YYYY-MM-DD, whether the driver hands a string or a Date. */
function isoDate(value: string | Date): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

export function toSiteReview(row: SiteReviewEntity): SiteReview {
  return {
    id: row.id,
    name: row.name,
    review: row.review,
    rate: row.rate,
    date: isoDate(row.date),
    link: row.link,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Site reviews: newest first, paged; insert and update answer the record id. */
@Injectable()
export class SiteReviewsService {
  constructor(private readonly em: EntityManager) {}

  async list(query: SiteReviewListQuery): Promise<Page<SiteReview>> {
    const where: FilterQuery<SiteReviewEntity> = {};
    if (query.search) {
      const pattern = containsPattern(query.search);
      where.$or = [{ name: { $ilike: pattern } }, { review: { $ilike: pattern } }, { source: { $ilike: pattern } }];
    }
    const [rows, total] = await this.em.findAndCount(SiteReviewEntity, where, {
      orderBy: { date: 'desc', id: 'desc' },
      ...pageWindow(query),
    });
    return toPage(rows.map(toSiteReview), total, query);
  }

  async get(id: number): Promise<SiteReview> {
    return toSiteReview(await this.find(this.em, id));
  }

  create(input: SiteReviewValues): Promise<number> {
    return this.em.transactional(async (em) => {
      const row = em.create(SiteReviewEntity, { ...input, createdAt: new Date(), updatedAt: new Date() });
      await em.flush();
      return row.id;
    });
  }

  update(id: number, input: SiteReviewValues): Promise<number> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      em.assign(row, input);
      await em.flush();
      return row.id;
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      await em.remove(await this.find(em, id)).flush();
    });
  }

  private async find(em: EntityManager, id: number): Promise<SiteReviewEntity> {
    const row = await em.findOne(SiteReviewEntity, { id });
    if (!row) throw new NotFoundError('Review', id);
    return row;
  }
}
