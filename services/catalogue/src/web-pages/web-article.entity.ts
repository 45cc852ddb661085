import { ArrayType, Entity, Property } from '@mikro-orm/core';
import { SerialEntity } from '@backoffice/platform';
import type { WebPage } from '@backoffice/contracts';

/** One article of a web page (About, Team, Contacts, Policies, Terms, MakeMoneyWithUs). */
/** Table and indexes: Migration0100WebArticles. */
@Entity({ tableName: 'web_articles' })
export class WebArticleEntity extends SerialEntity {
  @Property({ type: 'text' })
  page!: WebPage;

  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'boolean' })
  isHome: boolean = true;

  @Property({ type: 'integer' })
  sort: number = 0;

  @Property({ type: 'text' })
  title: string = '';

  @Property({ type: 'text' })
  shortDescription: string = '';

  /** Sanitised HTML. */
  @Property({ type: 'text' })
  fullDescription: string = '';

  @Property({ type: ArrayType, columnType: 'text[]' })
  images: string[] = [];

  @Property({ type: 'text' })
  metaTitle: string = '';

  @Property({ type: 'text' })
  metaDescription: string = '';

  /** Comma separated. */
  @Property({ type: 'text' })
  tags: string = '';

  @Property({ type: 'text' })
  videoUrl: string = '';
}
