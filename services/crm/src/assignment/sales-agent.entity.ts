import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A sales agent as identity last described it: refreshed whenever leads are assigned to them. */
@Entity({ tableName: 'sales_agents' })
export class SalesAgentEntity {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
