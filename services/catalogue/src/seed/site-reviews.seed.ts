import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SiteReviewValues } from '@backoffice/contracts';
import { SiteReviewEntity } from '../site-reviews/site-review.entity';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const DEMO: SiteReviewValues[] = [
  {
    name: 'Sarah Mitchell',
    review: 'My documents were translated and certified in two days. Clear prices and friendly staff.',
    rate: 5,
    date: daysAgo(3),
    link: 'https://maps.google.com/',
    source: 'Google',
  },
  {
    name: 'Ahmed Karim',
    review: 'Good service and they kept me informed at every step. The branch was a bit busy on Saturday.',
    rate: 4,
    date: daysAgo(12),
    link: '',
    source: '',
  },
  {
    name: 'Linda Chen',
    review: 'They helped me renew my passport application after two failed attempts elsewhere. Highly recommended!',
    rate: 5,
    date: daysAgo(30),
    link: 'https://www.facebook.com/',
    source: 'Facebook',
  },
];

/** A few demo reviews, once, when SEED_DEMO_DATA=true and there are none yet. */
@Injectable()
export class SiteReviewsSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('SiteReviewsSeed');
  constructor(private readonly orm: MikroORM) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA !== 'true') return;
    const em = this.orm.em.fork();
    if ((await em.count(SiteReviewEntity, {})) > 0) return;
    for (const values of DEMO) em.create(SiteReviewEntity, { ...values, createdAt: new Date(), updatedAt: new Date() });
    await em.flush();
    this.logger.log(`seeded ${DEMO.length} demo site reviews`);
  }
}
