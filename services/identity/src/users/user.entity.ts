import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Role } from '@backoffice/contracts';
import { TimestampedEntity } from '@backoffice/platform';

/** A staff user of the back-office. */
@Entity({ tableName: 'users' })
export class UserEntity extends TimestampedEntity {
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

  @Property({ type: 'timestamptz', nullable: true })
  deactivatedAt?: Date | null;

  /** The authenticator secret (encrypted), once two-factor sign-in is on. */
  @Property({ type: 'text', nullable: true, hidden: true })
  twoFactorSecret?: string | null;

  /** A secret offered for set-up (encrypted), until the first code confirms it. */
  @Property({ type: 'text', nullable: true, hidden: true })
  twoFactorPendingSecret?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  twoFactorEnabledAt?: Date | null;

  /** The last accepted 30-second time step: a code is never accepted twice. */
  @Property({ type: 'integer', nullable: true, hidden: true })
  twoFactorLastStep?: number | null;
}
