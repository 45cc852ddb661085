import { Entity, JsonType, PrimaryKey, Property } from '@mikro-orm/core';

/** One security setting of the identity service, by key. */
@Entity({ tableName: 'identity_settings' })
export class IdentitySettingEntity {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: JsonType })
  value!: unknown;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;
}
