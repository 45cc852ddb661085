import { randomUUID } from 'node:crypto';
import { PrimaryKey, Property } from '@mikro-orm/core';

/*
 * Abstract bases of entities: MikroORM inherits their decorated properties; each table still comes from its migration.
 */

/**
 * The two times most tables keep, `created_at` and `updated_at` (timestamptz, not null).
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

/** A table whose `uuid` id the service makes (`randomUUID()` when the row is created), unless given one. */
export abstract class UuidEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();
}
