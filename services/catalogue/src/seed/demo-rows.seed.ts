import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, type EntityClass, type RequiredEntityData } from '@mikro-orm/core';

/**
 * Demo rows of one table for `npm start` (the website's content): created once, when SEED_DEMO_DATA=true and
 * the table holds none. A seed names its entity, its rows and what they are.
 */
@Injectable()
export abstract class DemoRowsSeed<T extends object> implements OnApplicationBootstrap {
  private readonly logger = new Logger(this.constructor.name);
  protected abstract readonly entity: EntityClass<T>;
  protected abstract readonly rows: RequiredEntityData<T>[];
  /** What the rows are, for the log line ("demo site reviews"). */
  protected abstract readonly what: string;

  constructor(private readonly orm: MikroORM) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA !== 'true') return;
    const em = this.orm.em.fork();
    if ((await em.count(this.entity, {})) > 0) return;
    for (const values of this.rows) em.create(this.entity, values);
    await em.flush();
    this.logger.log(`seeded ${this.rows.length} ${this.what}`);
  }
}
