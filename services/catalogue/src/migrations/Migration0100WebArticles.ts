import { Migration } from '@mikro-orm/migrations';

/** Web page articles (content engineer's migrations are numbered 01xx). */
export class Migration0100WebArticles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table web_articles (
      id serial primary key,
      page text not null check (page in ('About', 'Team', 'Contacts', 'Policies', 'Terms', 'MakeMoneyWithUs')),
      parent_id integer null references web_articles (id) on delete restrict,
      active boolean not null default true,
      is_home boolean not null default true,
      sort integer not null default 0 check (sort >= 0),
      title text not null default '',
      short_description text not null default '',
      full_description text not null default '',
      images text[] not null default '{}',
      meta_title text not null default '',
      meta_description text not null default '',
      tags text not null default '',
      video_url text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (parent_id is null or parent_id <> id)
    )`);
    this.addSql(`create index web_articles_page_sort_idx on web_articles (page, sort, id)`);
    this.addSql(`create index web_articles_parent_idx on web_articles (parent_id, sort, id) where parent_id is not null`);
  }
}
