import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BranchType } from '@backoffice/contracts';
import { BranchEntity } from '../branches/branch.entity';
import { AppointmentSettingsEntity } from '../appointments/appointment-settings.entity';
import { AdjustedDateEntity } from '../appointments/adjusted-date.entity';

interface DemoBranch {
  name: string;
  phoneNumber: string;
  address: string;
  type: BranchType;
  countryCCN3: string;
  active: boolean;
  latitude: number;
  longitude: number;
  timeZone: string;
}

const BRANCHES: DemoBranch[] = [
  {
    name: 'Manhattan Head Office',
    phoneNumber: '+1 212 555 0100',
    address: '350 5th Ave, New York, NY 10118',
    type: 'Head Office',
    countryCCN3: '840',
    active: true,
    latitude: 40.7484,
    longitude: -73.9857,
    timeZone: 'America/New_York',
  },
  {
    name: 'Brooklyn Branch',
    phoneNumber: '+1 718 555 0142',
    address: '1 MetroTech Center, Brooklyn, NY 11201',
    type: 'Branch',
    countryCCN3: '840',
    active: true,
    latitude: 40.6936,
    longitude: -73.9866,
    timeZone: 'America/New_York',
  },
  {
    name: 'Chicago Partner Office',
    phoneNumber: '+1 312 555 0177',
    address: '233 S Wacker Dr, Chicago, IL 60606',
    type: 'Partner Branch',
    countryCCN3: '840',
    active: false,
    latitude: 41.8789,
    longitude: -87.6359,
    timeZone: 'America/Chicago',
  },
];

/** A few realistic branches when SEED_DEMO_DATA=true and there are none yet. */
@Injectable()
export class SchedulingDemoSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('SchedulingDemoSeed');
  constructor(private readonly orm: MikroORM) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA !== 'true') return;
    const em = this.orm.em.fork() as EntityManager;
    if ((await em.count(BranchEntity, {})) > 0) return;
    try {
      await em.transactional(async (tx) => {
        const branches = BRANCHES.map((data) => tx.create(BranchEntity, { ...data, createdAt: new Date(), updatedAt: new Date() }));
        await tx.flush();
        const head = branches[0];
        tx.create(AppointmentSettingsEntity, {
          branchId: head.id,
          slotDuration: 30,
          maxUpcomingAvailableDates: 20,
          startTime: '09:00:00',
          endTime: '17:00:00',
          availableWeekdays: [1, 2, 3, 4, 5],
          updatedAt: new Date(),
        });
        await tx.flush();
        const year = new Date().getUTCFullYear() + 1;
        tx.create(AdjustedDateEntity, { branchId: head.id, date: `${year}-01-01`, disabled: true });
        tx.create(AdjustedDateEntity, { branchId: head.id, date: `${year}-12-25`, disabled: true });
      });
      this.logger.log(`seeded ${BRANCHES.length} demo branches`);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error; // another replica seeded first
    }
  }
}
