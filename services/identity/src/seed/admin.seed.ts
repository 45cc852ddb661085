import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { hashPassword } from '../auth/password.hasher';
import { UserEntity } from '../users/user.entity';
import { UserEvents } from '../users/user-events';

/** The first start creates the Admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
@Injectable()
export class AdminSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminSeed');
  private done?: Promise<void>;

  constructor(
    private readonly orm: MikroORM,
    private readonly events: UserEvents,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.run();
  }

  /** Runs once per process; other seeds wait for it (they must not make the users table look non-empty first). */
  run(): Promise<void> {
    this.done ??= this.createFirstAdmin();
    return this.done;
  }

  private async createFirstAdmin(): Promise<void> {
    const em = this.orm.em.fork();
    if ((await em.count(UserEntity, {})) > 0) return;
    const email = this.config.ADMIN_EMAIL.toLowerCase();
    try {
      await em.transactional(async (tx) => {
        const admin = tx.create(UserEntity, {
          name: this.config.ADMIN_NAME,
          email,
          username: email,
          passwordHash: await hashPassword(this.config.ADMIN_PASSWORD),
          roles: ['Admin'],
          active: true,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        this.events.publish(tx, 'created', admin);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return; // another replica created it first
      throw error;
    }
    this.logger.log(`created the first Admin ${email}`);
  }
}
