import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A lead assigned to a sales agent (a lead may have several sellers); the table's `seq` keeps the assignment order. */
@Entity({ tableName: 'lead_assignments' })
export class LeadAssignment {
  @PrimaryKey({ type: 'integer' })
  leadId!: number;

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'integer' })
  groupId!: number;

  @Property({ type: 'timestamptz' })
  assignedAt: Date = new Date();
}
