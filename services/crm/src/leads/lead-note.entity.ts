import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One note of a lead's history, with its author as they were named when writing it. `leads.notes` is the latest. */
@Entity({ tableName: 'lead_notes' })
export class LeadNoteEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'integer' })
  leadId!: number;

  @Property({ type: 'uuid', nullable: true })
  authorId?: string | null;

  @Property({ type: 'text' })
  authorName!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
