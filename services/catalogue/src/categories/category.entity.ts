import { ArrayType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A node of the catalogue's category tree. */
@Entity({ tableName: 'service_categories' })
export class CategoryEntity {
  [OptionalProps]?: 'active' | 'home' | 'parentId' | 'images' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

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

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
