import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A lead assigned to a sales agent (a lead may have several sellers); the table's `seq` keeps the assignment order. */
@Entity({ tableName: 'lead_assignments' })
export class LeadAssignmentEntity {
  @PrimaryKey({ type: 'integer' })
  leadId!: number;

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'integer' })
  groupId!: number;

  @Property({ type: 'timestamptz' })
  assignedAt: Date = new Date();

  /** The lead's pipeline stage (New, Contacted, Interested, Converted, Lost); shared by the lead's sellers. */
  @Property({ type: 'text' })
  stage: string = 'New';

  /** The next follow-up date (yyyy-mm-dd). */
  @Property({ type: 'date', nullable: true })
  followUpAt?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  stageChangedAt?: Date | null;
}
