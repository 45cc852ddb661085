import { Entity, Property } from '@mikro-orm/core';
import { UuidEntity } from '@backoffice/platform';

/**
 * Another system that calls the API with a client-credentials token. Its secrets are kept only as
 * SHA-256 hashes (they are 256 random bits, so no slow hash is needed). Each secret has its own id,
 * which is the session id (`sid`) of every token issued with it: revoking the client, or the end of a
 * rotation's overlap, ends those tokens through the same mechanism that ends staff sessions.
 */
@Entity({ tableName: 'api_clients' })
export class ApiClientEntity extends UuidEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text[]' })
  scopes!: string[];

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'uuid' })
  secretId!: string;

  @Property({ type: 'text', hidden: true })
  secretHash!: string;

  /** The secret replaced by the last rotation, valid until previousSecretValidUntil. */
  @Property({ type: 'uuid', nullable: true })
  previousSecretId: string | null = null;

  @Property({ type: 'text', nullable: true, hidden: true })
  previousSecretHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretValidUntil: Date | null = null;

  @Property({ type: 'uuid' })
  createdBy!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;
}
