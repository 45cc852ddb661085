import { Entity, Property } from '@mikro-orm/core';
import { SerialEntity } from '@backoffice/platform';

/** A review of the business shown on the website. Table and index: Migration0101SiteReviews. */
@Entity({ tableName: 'site_reviews' })
export class SiteReviewEntity extends SerialEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  review!: string;

  /** 1 to 5 stars. */
  @Property({ type: 'smallint' })
  rate: number = 5;

  /** YYYY-MM-DD. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'text' })
  link: string = '';

  @Property({ type: 'text' })
  source: string = '';
}
