import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The appointment settings of one branch; a branch without a row runs on the defaults. */
@Entity({ tableName: 'appointment_settings' })
export class AppointmentSettingsEntity {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  branchId!: number;

  /** Minutes. */
  @Property({ type: 'integer' })
  slotDuration!: number;

  @Property({ type: 'integer' })
  maxUpcomingAvailableDates!: number;

  /** "hh:mm:00" */
  @Property({ type: 'time' })
  startTime!: string;

  @Property({ type: 'time' })
  endTime!: string;

  /** 1 (Monday) to 7 (Sunday). */
  @Property({ type: new ArrayType<number>((value) => Number(value)), columnType: 'smallint[]' })
  availableWeekdays: number[] = [];

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
