import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { within } from '../health/within';

/** The PostgreSQL channel every replica of a service listens on; a notification's payload names the cache. */
export const SHARED_CACHE_CHANNEL = 'platform_cache';

export interface SharedCacheTimings {
  /** How often the listener connection is checked with a query. */
  pingEveryMs: number;
  /** How long that check may take before the connection counts as lost. */
  pingTimeoutMs: number;
  /** Wait before connecting again after the listener connection is lost. */
  reconnectMs: number;
}

const DEFAULT_TIMINGS: SharedCacheTimings = { pingEveryMs: 5_000, pingTimeoutMs: 2_000, reconnectMs: 1_000 };

interface Entry<T> {
  load: () => Promise<T>;
  value?: { data: T };
  /** Bumps whenever the value is dropped: a load begun before a drop must not be kept. */
  generation: number;
  inflight?: { generation: number; epoch: number; promise: Promise<T> };
}

/** One cached value of a SharedCaches: get() answers it from memory when it may, from load() otherwise. */
export class SharedCache<T> {
  constructor(
    readonly name: string,
    private readonly read: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    return this.read();
  }
}

/**
 * In-process caches of data read from the service's database, correct with any number of replicas.
 * A transaction that changes what a cache holds calls invalidate(em, name): that issues a NOTIFY inside
 * the transaction, which PostgreSQL delivers only at commit (and never on rollback) to every replica,
 * each of which LISTENs on a connection of its own and drops its copy. The replica that wrote drops its
 * copy as soon as the commit returns, before it answers. While the listener connection is down (not yet
 * connected, cut, or not answering its checks), nothing is served from or kept in a cache: every get()
 * reads the database, so a change nobody was told about is never served.
 */
@Injectable()
export class SharedCaches implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SharedCaches');
  private readonly entries = new Map<string, Entry<unknown>>();
  /** Names invalidated inside a transaction not yet committed, by its (root) transaction. */
  private readonly pending = new WeakMap<object, Set<string>>();
  private listener?: Client;
  private connecting?: Promise<void>;
  /** Bumps when the listener is lost or (re)established: loads begun under another epoch are not kept. */
  private epoch = 0;
  private started = false;
  private stopped = false;
  private pingTimer?: NodeJS.Timeout;
  private reconnectTimer?: NodeJS.Timeout;
  timings: SharedCacheTimings = DEFAULT_TIMINGS;

  constructor(private readonly orm: MikroORM) {
    const subscriber: EventSubscriber = {
      afterTransactionCommit: (args: TransactionEventArgs) => this.settle(args.transaction, true),
      afterTransactionRollback: (args: TransactionEventArgs) => this.settle(args.transaction, false),
    };
    orm.em.getEventManager().registerSubscriber(subscriber);
  }

  /** Whether values are served from memory now (the listener is connected). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** A cache named `name` (unique in the service) of what `load` reads. */
  define<T>(name: string, load: () => Promise<T>): SharedCache<T> {
    if (this.entries.has(name)) throw new Error(`A shared cache named ${name} exists already.`);
    this.entries.set(name, { load, generation: 0 } as Entry<unknown>);
    if (this.started) void this.connect();
    return new SharedCache<T>(name, () => this.get<T>(name));
  }

  /**
   * Inside the transaction that changes what the named caches hold: every replica drops them when
   * (and only if) it commits. Call it on the EntityManager of that transaction.
   */
  async invalidate(em: EntityManager, ...names: string[]): Promise<void> {
    const transaction = em.getTransactionContext<object>();
    if (!transaction) throw new Error('SharedCaches.invalidate() belongs inside the transaction that makes the change.');
    for (const name of names) await em.execute('select pg_notify(?, ?)', [SHARED_CACHE_CHANNEL, name]);
    const root = rootTransaction(transaction);
    const set = this.pending.get(root) ?? new Set<string>();
    names.forEach((name) => set.add(name));
    this.pending.set(root, set);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    if (this.entries.size) await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.reconnectTimer);
    await this.connecting;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async get<T>(name: string): Promise<T> {
    const entry = this.entries.get(name) as Entry<T>;
    if (!this.listener) return entry.load();
    if (entry.value) return entry.value.data;
    const { generation } = entry;
    const epoch = this.epoch;
    // Requests that miss together share one load, as long as nothing was dropped since it began.
    if (entry.inflight && entry.inflight.generation === generation && entry.inflight.epoch === epoch) return entry.inflight.promise;
    const promise = entry.load();
    entry.inflight = { generation, epoch, promise };
    try {
      const data = await promise;
      if (this.listener && this.epoch === epoch && entry.generation === generation) entry.value = { data };
      return data;
    } finally {
      if (entry.inflight?.promise === promise) entry.inflight = undefined;
    }
  }

  private drop(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    entry.value = undefined;
    entry.generation += 1;
  }

  private dropAll(): void {
    for (const name of this.entries.keys()) this.drop(name);
  }

  private settle(transaction: unknown, committed: boolean): void {
    // A knex transaction is a function object.
    if (!transaction || (typeof transaction !== 'object' && typeof transaction !== 'function')) return;
    const names = this.pending.get(transaction);
    if (!names) return;
    this.pending.delete(transaction);
    if (committed) names.forEach((name) => this.drop(name));
  }

  private connect(): Promise<void> {
    if (this.listener || this.stopped) return Promise.resolve();
    this.connecting ??= this.openListener().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async openListener(): Promise<void> {
    const client = new Client({
      connectionString: this.orm.config.get('clientUrl'),
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      application_name: 'shared-cache-listener',
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === SHARED_CACHE_CHANNEL && message.payload) this.drop(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${SHARED_CACHE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`cache listener not connected (${(error as Error).message}); reading the database meanwhile`);
      this.reconnectLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    // Whatever changed while nobody listened is unknown: start empty.
    this.epoch += 1;
    this.dropAll();
    this.listener = client;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => void this.ping(client), this.timings.pingEveryMs).unref();
  }

  /** A connection can die without a word (a network gone quiet): ask it something now and then. */
  private async ping(client: Client): Promise<void> {
    try {
      await within(this.timings.pingTimeoutMs, client.query('select 1'));
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: Client, error?: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    this.epoch += 1;
    this.dropAll();
    clearInterval(this.pingTimer);
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`cache listener lost (${error?.message ?? 'connection ended'}); reading the database until it is back`);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.timings.reconnectMs).unref();
  }
}

/** The outermost transaction of a (possibly nested) MikroORM transaction: only its commit is a commit. */
function rootTransaction(transaction: object): object {
  let current = transaction as Record<symbol, unknown>;
  for (;;) {
    const parent = Object.getOwnPropertySymbols(current).find((symbol) => symbol.description === 'parentTransaction');
    const next = parent ? current[parent] : undefined;
    if (!next || (typeof next !== 'object' && typeof next !== 'function')) return current;
    current = next as Record<symbol, unknown>;
  }
}
