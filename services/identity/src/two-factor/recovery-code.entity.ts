import { Entity, Property } from '@mikro-orm/core';
import { UuidEntity } from '@backoffice/platform';

/** One single-use recovery code of a user, stored as a hash. */
@Entity({ tableName: 'recovery_codes' })
export class RecoveryCodeEntity extends UuidEntity {
  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  codeHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
