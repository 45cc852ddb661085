import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { Role } from '@backoffice/contracts';
import { hashPassword } from '../auth/password.hasher';
import { ClientAccountEntity } from '../clients/client.entity';
import { AdminSeed } from './admin.seed';
import { UserEntity } from '../users/user.entity';
import { UserEvents } from '../users/user-events';

/** The password of every demo staff user (development only; SEED_DEMO_DATA=true). */
export const DEMO_STAFF_PASSWORD = 'Demo-pass-2026';

const STAFF: { name: string; email: string; roles: Role[] }[] = [
  { name: 'Maya Thompson', email: 'maya.thompson@backoffice.local', roles: ['Manager'] },
  { name: 'Omar Haddad', email: 'omar.haddad@backoffice.local', roles: ['Salesagent'] },
  { name: 'Lina Farouk', email: 'lina.farouk@backoffice.local', roles: ['Salesagent'] },
  { name: 'Daniel Reyes', email: 'daniel.reyes@backoffice.local', roles: ['ServiceProvider'] },
  { name: 'Sara Kim', email: 'sara.kim@backoffice.local', roles: ['ServiceProvider'] },
];

const CLIENTS: { name: string; email: string; phoneNumber: string; daysAgo: number }[] = [
  { name: 'Emily Carter', email: 'emily.carter@example.com', phoneNumber: '+1 212 555 0147', daysAgo: 92 },
  { name: 'James O’Neill', email: 'james.oneill@example.com', phoneNumber: '+1 646 555 0193', daysAgo: 81 },
  { name: 'Aisha Rahman', email: 'aisha.rahman@example.com', phoneNumber: '+1 718 555 0121', daysAgo: 74 },
  { name: 'Carlos Mendoza', email: 'carlos.mendoza@example.com', phoneNumber: '+1 305 555 0168', daysAgo: 60 },
  { name: 'Hannah Schmidt', email: 'hannah.schmidt@example.com', phoneNumber: '+1 415 555 0102', daysAgo: 47 },
  { name: 'Wei Zhang', email: 'wei.zhang@example.com', phoneNumber: '+1 206 555 0135', daysAgo: 39 },
  { name: 'Fatima Al-Sayed', email: 'fatima.alsayed@example.com', phoneNumber: '+1 313 555 0177', daysAgo: 28 },
  { name: 'Noah Williams', email: 'noah.williams@example.com', phoneNumber: '+1 512 555 0189', daysAgo: 21 },
  { name: 'Sofia Rossi', email: 'sofia.rossi@example.com', phoneNumber: '+1 617 555 0114', daysAgo: 14 },
  { name: 'Kwame Mensah', email: 'kwame.mensah@example.com', phoneNumber: '+1 404 555 0156', daysAgo: 9 },
  { name: 'Priya Nair', email: 'priya.nair@example.com', phoneNumber: '+1 408 555 0172', daysAgo: 4 },
  { name: 'Lucas Martin', email: 'lucas.martin@example.com', phoneNumber: '+1 312 555 0139', daysAgo: 1 },
];

/** Demo staff (one of each role) and clients, once, when SEED_DEMO_DATA=true and the tables hold nothing of it. */
@Injectable()
export class IdentityDemoSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('IdentityDemoSeed');

  constructor(
    private readonly orm: MikroORM,
    private readonly adminSeed: AdminSeed,
    private readonly events: UserEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (process.env.SEED_DEMO_DATA !== 'true') return;
    await this.adminSeed.run();
    try {
      await this.seedStaff();
      await this.seedClients();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error; // another replica seeded first
    }
  }

  private async seedStaff(): Promise<void> {
    const em = this.orm.em.fork();
    if ((await em.count(UserEntity, {})) > 1) return; // more than the first Admin: not a fresh database
    // One hash for every demo account: they share a password.
    const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
    await em.transactional(async (tx) => {
      for (const [index, staff] of STAFF.entries()) {
        const createdAt = new Date(Date.now() - (STAFF.length - index) * 86_400_000);
        const user = tx.create(UserEntity, {
          ...staff,
          username: staff.email,
          passwordHash,
          active: true,
          createdAt,
          updatedAt: createdAt,
        });
        this.events.publish(tx, 'created', user);
      }
    });
    this.logger.log(`seeded ${STAFF.length} demo staff users (password ${DEMO_STAFF_PASSWORD})`);
  }

  private async seedClients(): Promise<void> {
    const em = this.orm.em.fork();
    if ((await em.count(ClientAccountEntity, {})) > 0) return;
    const passCodeHash = await hashPassword('Client-pass-2026');
    for (const { daysAgo, ...client } of CLIENTS) {
      const dateCreated = new Date(Date.now() - daysAgo * 86_400_000);
      em.create(ClientAccountEntity, { ...client, username: client.email, passCodeHash, dateCreated, updatedAt: dateCreated });
    }
    await em.flush();
    this.logger.log(`seeded ${CLIENTS.length} demo clients`);
  }
}
