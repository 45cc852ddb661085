import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One entry of a lead's history (a note, a stage change, a follow-up date), with its author as they were named when
 * writing it. `leads.notes` is the latest note.
 */
@Entity({ tableName: 'lead_notes' })
export class LeadNoteEntity {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'integer' })
  leadId!: number;

  /** A note, a stage change or a follow-up date (`LEAD_HISTORY_KINDS`). */
  @Property({ type: 'text', default: 'note' })
  kind: string = 'note';

  @Property({ type: 'uuid', nullable: true })
  authorId?: string | null;

  @Property({ type: 'text' })
  authorName!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
