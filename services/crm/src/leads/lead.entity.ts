import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One lead. The table is partitioned by group (list partitions); lists and imports use SQL directly,
 * this mapping serves single-lead reads and updates.
 */
@Entity({ tableName: 'leads' })
export class LeadEntity {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  groupId!: number;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'integer' })
  rowNumber!: number;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text' })
  workAt!: string;

  @Property({ type: 'text' })
  gender!: string;

  @Property({ type: 'text' })
  currentCity!: string;

  @Property({ type: 'date', nullable: true })
  dob?: string | null;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', nullable: true })
  emailKey?: string | null;

  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'text', nullable: true })
  phoneKey?: string | null;

  /** AES-256-GCM, never sent to the console; only the last four digits are. */
  @Property({ type: 'text', nullable: true, hidden: true })
  ssnEncrypted?: string | null;

  @Property({ type: 'text', nullable: true })
  ssnLast4?: string | null;

  @Property({ type: 'text' })
  notes!: string;

  @Property({ type: 'boolean' })
  duplicate!: boolean;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
