import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The partition of a group. Ids are integers from our own sequence, so the name is safe to splice. */
export function partitionName(groupId: number): string {
  if (!Number.isSafeInteger(groupId) || groupId <= 0) throw new Error(`Not a group id: ${groupId}`);
  return `leads_p${groupId}`;
}

/** Search indexes of one partition: trigrams for terms of 3+ characters, prefixes for shorter ones. */
function searchIndexes(groupId: number): { name: string; definition: string }[] {
  const table = partitionName(groupId);
  return [
    { name: `${table}_search_trgm`, definition: `using gin (search_text gin_trgm_ops)` },
    { name: `${table}_first_name_prefix`, definition: `(lower(first_name) text_pattern_ops)` },
    { name: `${table}_last_name_prefix`, definition: `(lower(last_name) text_pattern_ops)` },
    { name: `${table}_email_prefix`, definition: `(email_key text_pattern_ops)` },
    { name: `${table}_phone_prefix`, definition: `(phone_key text_pattern_ops)` },
  ].map(({ name, definition }) => ({ name, definition: `on ${table} ${definition}` }));
}

/**
 * The indexes `leads` has (see Migration0001Leads), on one group's table. Every key only grows as an
 * import appends rows (seq and row number in sheet order, id from the sequence), so keeping them up
 * while loading costs an append per row, on the database's core while the sheet is parsed on another;
 * attaching then adopts them instead of building them at the end, where nothing else would overlap.
 */
export function parentIndexes(groupId: number): string[] {
  const table = partitionName(groupId);
  return [
    `create index if not exists ${table}_id_idx on ${table} (id)`,
    `create unique index if not exists ${table}_group_id_seq_idx on ${table} (group_id, seq)`,
    `create unique index if not exists ${table}_group_id_row_number_idx on ${table} (group_id, row_number)`,
  ];
}

/**
 * A group's leads are loaded into a table of their own, then attached to `leads` as its partition in
 * the transaction that makes the group ready: the group appears whole or not at all. Search indexes
 * follow, built concurrently.
 */
@Injectable()
export class GroupPartitions {
  private readonly logger = new Logger('GroupPartitions');

  /**
   * The loading table, like `leads`, with the parent's indexes and the partition's constraint (so
   * attaching it checks nothing row by row). Created once; a retry reuses it.
   */
  async create(em: EntityManager, groupId: number): Promise<void> {
    const table = partitionName(groupId);
    // A retry finds the table its first run made with its constraint and indexes (one transaction made them all).
    // Running the DDL again would wait for a run still loading the table while this transaction holds the group's
    // row, which that run updates after each batch: a deadlock.
    const [{ found }] = await em.execute<{ found: boolean }[]>(`select to_regclass(?) is not null as found`, [table]);
    if (found) return;
    await em.execute(`create table if not exists ${table} (like leads including defaults including generated)`);
    await this.addGroupCheck(em, groupId);
    for (const sql of parentIndexes(groupId)) await em.execute(sql);
  }

  /** Attaches the loaded table, adopting its indexes. Run inside the ready transaction. */
  async attach(em: EntityManager, groupId: number): Promise<void> {
    const table = partitionName(groupId);
    const { attached } = (
      await em.execute<{ attached: boolean }[]>(
        `select exists (select 1 from pg_inherits where inhrelid = to_regclass(?) and inhparent = 'leads'::regclass) as attached`,
        [table],
      )
    )[0];
    if (attached) return;
    await em.execute(`set local maintenance_work_mem = '256MB'`); // a table loaded before its indexes were kept up
    await this.addGroupCheck(em, groupId);
    await em.execute(`alter table leads attach partition ${table} for values in (${groupId})`);
  }

  /** The constraint attaching needs proven; on an empty table, adding it reads nothing. */
  private async addGroupCheck(em: EntityManager, groupId: number): Promise<void> {
    const table = partitionName(groupId);
    const [{ found }] = await em.execute<{ found: boolean }[]>(
      `select exists (select 1 from pg_constraint where conname = ? and conrelid = to_regclass(?)) as found`,
      [`${table}_group`, table],
    );
    if (!found) await em.execute(`alter table ${table} add constraint ${table}_group check (group_id = ${groupId})`);
  }

  /** Removes the duplicate keys a (failed) group claimed, found from its own leads. */
  async forgetKeys(em: EntityManager, groupId: number): Promise<void> {
    const table = partitionName(groupId);
    const exists = (await em.execute<{ found: string | null }[]>('select to_regclass(?) as found', [table]))[0].found;
    if (!exists) return;
    await em.execute(
      `delete from lead_keys where group_id = ? and key in (
         select 'p:' || phone_key from ${table} where phone_key is not null
         union all select 'e:' || email_key from ${table} where email_key is not null)`,
      [groupId],
    );
  }

  /** Drops a group's partition (a failed import's, before it was ever attached). */
  async drop(em: EntityManager, groupId: number): Promise<void> {
    await em.execute(`drop table if exists ${partitionName(groupId)}`);
  }

  /**
   * Builds the search indexes of an attached partition, concurrently (writes to other leads go on).
   * An index left invalid by an interrupted build is dropped and built again.
   */
  async buildSearchIndexes(em: EntityManager, groupId: number): Promise<void> {
    const table = partitionName(groupId);
    const started = Date.now();
    const existing = await em.execute<{ name: string; valid: boolean }[]>(
      `select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = to_regclass(?)`,
      [table],
    );
    const state = new Map(existing.map((row) => [row.name, row.valid]));
    for (const index of searchIndexes(groupId)) {
      if (state.get(index.name) === true) continue;
      if (state.get(index.name) === false) await em.execute(`drop index concurrently if exists ${index.name}`);
      await em.execute(`create index concurrently if not exists ${index.name} ${index.definition}`);
    }
    // The planner chooses between these indexes and walking the group in sheet order from how many
    // leads a term matches: a finer sample of the search text makes that estimate good enough.
    await em.execute(`alter table ${table} alter column search_text set statistics 1000`);
    await em.execute(`analyze ${table}`);
    await em.execute(`update lead_groups set search_indexed = true where id = ?`, [groupId]);
    this.logger.log(`search indexes of group ${groupId} built in ${Date.now() - started} ms`);
  }
}
