import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { hashPassword } from '../auth/password.policy';
import { User } from './user.entity';

/** The first start creates the Admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
@Injectable()
export class AdminSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminSeed');
  constructor(
    private readonly orm: MikroORM,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap() {
    const em = this.orm.em.fork();
    if ((await em.count(User, {})) > 0) return;
    const email = this.config.ADMIN_EMAIL.toLowerCase();
    em.create(User, {
      name: this.config.ADMIN_NAME,
      email,
      username: email,
      passwordHash: await hashPassword(this.config.ADMIN_PASSWORD),
      roles: ['Admin'],
      active: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush().catch((error: { code?: string }) => {
      if (error.code !== '23505') throw error; // another replica created it first
    });
    this.logger.log(`created the first Admin ${email}`);
  }
}
