import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  APPOINTMENT_DEFAULTS,
  AppointmentSettingsInputSchema,
  type AppointmentSettings,
  type BranchSlots,
  type SaveAppointmentSettingsResponse,
  type SlotQuery,
} from '@backoffice/contracts';
import type { z } from 'zod';
import { BranchesService } from '../branches/branches.service';
import { AdjustedDateEntity } from './adjusted-date.entity';
import { AppointmentSettingsEntity } from './appointment-settings.entity';
import { computeSlots } from './slot.policy';

export type AppointmentSettingsData = z.output<typeof AppointmentSettingsInputSchema>;

@Injectable()
export class AppointmentSettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly branches: BranchesService,
  ) {}

  /** The branch's settings, or the defaults when none were saved. */
  async get(branchId: number): Promise<AppointmentSettings> {
    await this.branches.load(branchId);
    return this.read(this.em, branchId);
  }

  async save(branchId: number, input: AppointmentSettingsData): Promise<SaveAppointmentSettingsResponse> {
    const branch = await this.em.transactional(async (em) => {
      const found = await this.branches.load(branchId, em);
      const fields = {
        slotDuration: input.slotDuration,
        maxUpcomingAvailableDates: input.maxUpcomingAvailableDates,
        startTime: input.startTime,
        endTime: input.endTime,
        availableWeekdays: [...input.availableWeekdays].sort((a, b) => a - b),
        updatedAt: new Date(),
      };
      const record = await em.findOne(AppointmentSettingsEntity, { branchId });
      if (record) em.assign(record, fields);
      else em.create(AppointmentSettingsEntity, { branchId, ...fields });
      await em.flush();
      // The list is replaced as a whole: one row per date, the primary key refusing a date twice.
      await em.nativeDelete(AdjustedDateEntity, { branchId });
      for (const entry of input.disabledDates) em.create(AdjustedDateEntity, { branchId, date: entry.date, disabled: entry.disabled });
      return found;
    });
    return { message: `Appointment settings of ${branch.name} saved.` };
  }

  /** Free slots from the saved settings (or the defaults), in the branch's time zone. */
  async slots(branchId: number, query: SlotQuery, now = new Date()): Promise<BranchSlots> {
    const branch = await this.branches.load(branchId);
    const settings = await this.read(this.em, branchId);
    return {
      branchId,
      timeZone: branch.timeZone,
      slotDuration: settings.slotDuration,
      days: computeSlots(settings, { timeZone: branch.timeZone, now, from: query.from, to: query.to }),
    };
  }

  private async read(em: EntityManager, branchId: number): Promise<AppointmentSettings> {
    const record = await em.findOne(AppointmentSettingsEntity, { branchId });
    if (!record) {
      return {
        branchId,
        ...APPOINTMENT_DEFAULTS,
        availableWeekdays: [...APPOINTMENT_DEFAULTS.availableWeekdays],
        disabledDates: [],
        saved: false,
      };
    }
    const dates = await em.find(AdjustedDateEntity, { branchId }, { orderBy: { date: 'asc' } });
    return {
      branchId,
      slotDuration: record.slotDuration,
      maxUpcomingAvailableDates: record.maxUpcomingAvailableDates,
      startTime: record.startTime,
      endTime: record.endTime,
      availableWeekdays: [...record.availableWeekdays],
      disabledDates: dates.map((entry) => ({ date: entry.date, disabled: entry.disabled })),
      saved: true,
    };
  }
}
