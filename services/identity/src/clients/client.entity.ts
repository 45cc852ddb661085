import { Entity, Property } from '@mikro-orm/core';
import { UuidEntity } from '@backoffice/platform';

/** A customer account. It never signs in to the console; its passCode is only ever stored hashed. */
@Entity({ tableName: 'clients' })
export class ClientAccountEntity extends UuidEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  /** Always equal to the email. */
  @Property({ type: 'text' })
  username!: string;

  @Property({ type: 'text' })
  phoneNumber!: string;

  @Property({ type: 'text', hidden: true })
  passCodeHash!: string;

  @Property({ type: 'timestamptz' })
  dateCreated: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
