import type { LeadTableQuery } from '@backoffice/contracts';
import { leadColumns, type LeadRow } from '../leads/lead.view';
import { partitionName } from './group-partitions';
import { leadSearchCondition, type SqlCondition } from './lead-search.policy';

/**
 * A search answers at most this many leads, in sheet order: recordsFiltered is exact below it and
 * stops there above it, and pages past it are empty. Counting every match of a broad term in a group
 * of a million leads would read most of the group; bounded, a search costs about the same for any
 * term and any of its pages.
 */
export const SEARCH_RESULT_LIMIT = 1000;

/**
 * Finding the bound of matches by walking the group in sheet order costs about bound × size / matches
 * walked rows; from the search indexes it costs one index entry per match (the bitmap of every match
 * is built before any is read) plus one heap visit for each of the first bound. A walked row costs
 * about as much as this many index entries (measured on a 1,000,000-lead group: the two meet near
 * 70,000 matches, 7 %), so the planner's estimate of the matches picks the cheaper of the two.
 */
const WALKED_ROW_COST = 5;
/** A walk reads up to this many times the rows the estimate says it needs before it gives up. */
const WALK_MARGIN = 3;

/**
 * The planner's estimates of how many leads of a group match a condition, kept for the next requests of
 * the same search (its next pages, the same term typed again). A group's names, emails and phones never
 * change once imported and its statistics are taken when its search indexes are built, so an estimate
 * keeps; the oldest are forgotten past `capacity`.
 */
export class MatchEstimates {
  private readonly entries = new Map<string, number>();

  constructor(private readonly capacity = 1000) {}

  async get(key: string, estimate: () => Promise<number>): Promise<number> {
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const value = await estimate();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** What runs the statements: MikroORM in the service, pg in the paging benchmark (its anchor). */
export interface SqlRunner {
  query<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction (for `set local`). */
  transaction<T>(work: (run: SqlRunner) => Promise<T>): Promise<T>;
}

export interface LeadPageResult {
  rows: LeadRow[];
  /** Leads matching the search (the group's lead count without one), bounded by SEARCH_RESULT_LIMIT. */
  filtered: number;
  /** More leads match than SEARCH_RESULT_LIMIT: the search serves the first of them only. */
  capped: boolean;
  /** How the matches were found, for the benchmark: `range`, `walk`, `indexes`. */
  plan: 'range' | 'walk' | 'indexes';
}

/**
 * Only the search indexes, as one bitmap of the matches read in table order (never the group in sheet
 * order, never a scan of the whole partition, never in parallel: the order of a parallel scan varies).
 * One statement, one round trip.
 */
const INDEXES_ONLY =
  `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), ` +
  `set_config('enable_indexonlyscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * One page of a group's leads (draw/start/length/search) in sheet order. Without a search the page is
 * a range of the group's dense `seq` (an index range, however deep). With one, the first
 * SEARCH_RESULT_LIMIT + 1 matches are found, which gives the bounded count and any page of them alike,
 * and the page's leads are read by seq, in one statement: by walking the group in sheet order when the
 * planner expects a common term (or the group is small), and otherwise (or when the walk fell short)
 * from the search indexes, which read the matches in table order and stop at the bound instead of
 * reading and sorting every match. A group is loaded in sheet order, so its table order is sheet order
 * (a lead whose row was rewritten since, e.g. its notes edited, may count later among a term's matches
 * than its seq says; it is shown in its place all the same). Neither reads the whole of a large group
 * for one term.
 */
export async function leadPage(
  run: SqlRunner,
  group: { id: number; leadCount: number; searchIndexed?: boolean },
  query: Pick<LeadTableQuery, 'start' | 'length' | 'search'>,
  estimates?: MatchEstimates,
): Promise<LeadPageResult> {
  const condition = leadSearchCondition(query.search, 'l');
  // The group's own partition, named outright: the planner has one table to consider, not `leads`.
  const leads = partitionName(group.id);
  if (!condition) {
    const rows = await run.query<LeadRow>(
      `select ${leadColumns('l')} from ${leads} l where l.group_id = ? and l.seq > ? order by l.seq limit ?`,
      [group.id, query.start, query.length],
    );
    return { rows, filtered: group.leadCount, capped: false, plan: 'range' };
  }
  const window = { offset: query.start, limit: Math.max(0, Math.min(query.length, SEARCH_RESULT_LIMIT - query.start)) };
  const bound = SEARCH_RESULT_LIMIT + 1;
  const size = group.leadCount;
  const small = size <= bound;
  const estimate = () => expectedMatches(run, leads, group.id, condition);
  const key = `${group.id}:${group.searchIndexed ?? ''}:${condition.sql}:${JSON.stringify(condition.params)}`;
  const expected = small ? size : await (estimates ? estimates.get(key, estimate) : estimate());
  if (small || expected * expected >= WALKED_ROW_COST * bound * size) {
    const walk = expected > 0 ? Math.min(size, Math.ceil((WALK_MARGIN * bound * size) / expected)) : size;
    // The limit inside keeps it a walk: given `seq <= walk` beside the condition instead, the planner
    // combines a search index's bitmap with the seq range and sorts every match (EXPLAIN: 16 ms for "son").
    const walked = await pageOfMatches(
      run,
      leads,
      group.id,
      `select l.seq from (
         select l.seq, l.search_text, l.first_name, l.last_name, l.email_key, l.phone_key
         from ${leads} l where l.group_id = ? order by l.seq limit ?
       ) l where ${condition.sql} order by l.seq limit ?`,
      [group.id, walk, ...condition.params, bound],
      window,
    );
    // Complete when the bound is reached or the walk covered the whole group.
    if (walked.found >= bound || walk >= size) return { ...walked, plan: 'walk' };
  }
  const indexed = await run.transaction(async (tx) => {
    await tx.query(INDEXES_ONLY, []);
    return pageOfMatches(
      tx,
      leads,
      group.id,
      `select l.seq from ${leads} l where l.group_id = ? and ${condition.sql} limit ?`,
      [group.id, ...condition.params, bound],
      window,
    );
  });
  return { ...indexed, plan: 'indexes' };
}

/**
 * Runs `matches` (the seqs of up to the bound of matches, in any order) and answers how many it found
 * with the leads of the window of them in seq order: always one row, with null lead columns when the
 * window is empty.
 */
async function pageOfMatches(
  run: SqlRunner,
  leads: string,
  groupId: number,
  matches: string,
  params: readonly unknown[],
  window: { offset: number; limit: number },
): Promise<{ rows: LeadRow[]; filtered: number; capped: boolean; found: number }> {
  const result = await run.query<LeadRow & { found: number; seq: number | null }>(
    `with found as materialized (${matches}),
     page as materialized (select seq from found order by seq offset ? limit ?)
     select c.found, l.* from (select count(*)::int as found from found) c
     left join lateral (
       select ${leadColumns('l')}, l.seq from ${leads} l where l.group_id = ? and l.seq in (select seq from page)
     ) l on true
     order by l.seq`,
    [...params, window.offset, window.limit, groupId],
  );
  const found = Number(result[0]?.found ?? 0);
  const rows: LeadRow[] = [];
  for (const { found: _count, seq, ...lead } of result) if (seq !== null) rows.push(lead);
  return { rows, filtered: Math.min(found, SEARCH_RESULT_LIMIT), capped: found > SEARCH_RESULT_LIMIT, found };
}

/** The planner's estimate of how many leads of the group match (from the partition's statistics). */
async function expectedMatches(run: SqlRunner, leads: string, groupId: number, condition: SqlCondition): Promise<number> {
  const [plan] = await run.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from ${leads} l where l.group_id = ? and ${condition.sql}`,
    [groupId, ...condition.params],
  );
  return plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0;
}
