import { Injectable } from '@nestjs/common';
import type { SiteReviewValues } from '@backoffice/contracts';
import { SiteReviewEntity } from '../site-reviews/site-review.entity';
import { DemoRowsSeed } from './demo-rows.seed';

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
export class SiteReviewsSeed extends DemoRowsSeed<SiteReviewEntity> {
  protected readonly entity = SiteReviewEntity;
  protected readonly rows = DEMO.map((values) => ({ ...values, createdAt: new Date(), updatedAt: new Date() }));
  protected readonly what = 'demo site reviews';
}
