import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/** One date of a branch's Adjust Dates list: closed (disabled) or opened (enabled). One row per branch and date. */
@Entity({ tableName: 'appointment_adjusted_dates' })
export class AdjustedDateEntity {
  [PrimaryKeyProp]?: ['branchId', 'date'];

  @PrimaryKey({ type: 'integer', autoincrement: false })
  branchId!: number;

  /** "YYYY-MM-DD" */
  @PrimaryKey({ type: 'date' })
  date!: string;

  @Property({ type: 'boolean' })
  disabled!: boolean;
}
