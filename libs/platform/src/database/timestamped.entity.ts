import { PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The two times most tables keep, `created_at` and `updated_at` (timestamptz, not null): an entity whose table
 * has them extends this (MikroORM inherits the decorated properties; the table still comes from its migration).
 */
export abstract class TimestampedEntity {
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** A table with a `serial` id and the two times (catalogue's categories, services, files and content; branches). */
export abstract class SerialEntity extends TimestampedEntity {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;
}
