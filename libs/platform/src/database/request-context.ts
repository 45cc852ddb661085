import type { AsyncLocalStorage } from 'node:async_hooks';
import type { INestApplication } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM, RequestContext, type EntityManager } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';

/** MikroORM's own store of request contexts (`RequestContext.create` runs in it; it takes no map of our making). */
const contextStorage = (RequestContext as unknown as { storage?: AsyncLocalStorage<RequestContext> }).storage;

/** The request's entity manager, forked the first time the request asks for it (health checks, metrics and answers from memory never do). */
class ForkOnFirstUse extends Map<string, EntityManager> {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: AsyncLocalStorage<RequestContext>,
  ) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let fork = super.get(name);
    if (!fork && name === this.em.name) {
      // Outside the request's context, as MikroORM forks before entering one: a new manager asks for its context.
      fork = this.storage.exit(() => this.em.fork({ useContext: true }));
      this.set(name, fork);
    }
    return fork;
  }
}

/**
 * Each request runs in a MikroORM request context of its own, entered by a Fastify hook rather than MikroORM's Nest
 * middleware: that middleware made every request go through middie's path matching, and forked an entity manager
 * even for requests that never read the database. A service without a database (the gateway) gets none.
 */
export function registerRequestContext(app: INestApplication, fastify: FastifyInstance): void {
  let orm: MikroORM;
  try {
    // Through the ModuleRef: a lookup the app itself fails logs an ERROR line first (every gateway start did).
    orm = app.get(ModuleRef).get(MikroORM, { strict: false });
  } catch {
    return;
  }
  fastify.addHook('onRequest', (_request, _reply, done) => {
    if (contextStorage) contextStorage.run(new RequestContext(new ForkOnFirstUse(orm.em, contextStorage)), done);
    else RequestContext.create(orm.em, done); // a MikroORM whose store is named otherwise: forked at once, as before
  });
}
