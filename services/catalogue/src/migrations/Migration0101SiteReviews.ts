import { Migration } from '@mikro-orm/migrations';

/** Site reviews (content engineer's migrations are numbered 01xx). */
export class Migration0101SiteReviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table site_reviews (
      id serial primary key,
      name text not null,
      review text not null,
      rate smallint not null default 5 check (rate between 1 and 5),
      date date not null default current_date,
      link text not null default '',
      source text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index site_reviews_date_idx on site_reviews (date desc, id desc)`);
  }
}
