import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Role } from '@backoffice/contracts';

/** A staff user of the back-office. */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  username!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  roles: Role[] = [];

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
