import { ArrayType, Entity, OptionalProps, Property } from '@mikro-orm/core';
import { SerialEntity } from '@backoffice/platform';

/** A node of the catalogue's category tree. */
@Entity({ tableName: 'service_categories' })
export class CategoryEntity extends SerialEntity {
  [OptionalProps]?: 'active' | 'home' | 'parentId' | 'images' | 'createdAt' | 'updatedAt';

  @Property({ type: 'boolean' })
  active: boolean = true;

  /** Display at home page. */
  @Property({ type: 'boolean' })
  home: boolean = false;

  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  images: string[] = [];
}
