import { Entity, Property } from '@mikro-orm/core';
import { UuidEntity } from '@backoffice/platform';

/** One refresh token; rotation keeps a family, and reuse of a rotated one revokes the family. */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshTokenEntity extends UuidEntity {
  @Property({ type: 'uuid', index: true })
  familyId!: string;

  @Property({ type: 'uuid', index: true })
  userId!: string;

  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  replacedBy?: string | null;
}
