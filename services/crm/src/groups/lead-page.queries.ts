import type { LeadTableQuery } from '@backoffice/contracts';
import { leadColumns, type LeadRow } from '../leads/lead.view';
import { leadSearchCondition, type SqlCondition } from './lead-search.policy';

/**
 * A search answers at most this many leads, in sheet order: recordsFiltered is exact below it and
 * stops there above it, and pages past it are empty. Counting every match of a broad term in a group
 * of a million leads would read most of the group; bounded, a search costs about the same for any
 * term and any of its pages.
 */
export const SEARCH_RESULT_LIMIT = 1000;

/**
 * Finding the bound of matches by walking the group in sheet order costs about bound / selectivity
 * rows; from the search indexes it costs about one heap visit per match, each dearer than a walked
 * row by about this much. The planner's estimate of the matches picks the cheaper of the two.
 */
const WALK_ROW_COST = 0.4;
/** A walk reads up to this many times the rows the estimate says it needs before it gives up. */
const WALK_MARGIN = 3;
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
  /** How the matches were found, for the benchmark: `range`, `walk`, `indexes`. */
  plan: 'range' | 'walk' | 'indexes';
}

/** Only the search indexes (a bitmap of the matches), never the group in sheet order. */
const INDEXES_ONLY = ['set local enable_seqscan = off', 'set local enable_indexscan = off', 'set local enable_indexonlyscan = off'];

/**
 * One page of a group's leads (draw/start/length/search) in sheet order. Without a search the page is
 * a range of the group's dense `seq` (an index range, however deep). With one, the seqs of the first
 * SEARCH_RESULT_LIMIT + 1 matches are found first, which gives the bounded count and any page of them
 * alike: by walking the group in sheet order when the planner expects a common term (or the group is
 * small), and from the search indexes for a rarer one or when the walk fell short. Neither reads the
 * whole of a large group for one term. The page's leads are then read by seq.
 */
export async function leadPage(
  run: SqlRunner,
  group: { id: number; leadCount: number },
  query: Pick<LeadTableQuery, 'start' | 'length' | 'search'>,
): Promise<LeadPageResult> {
  const condition = leadSearchCondition(query.search, 'l');
  if (!condition) {
    const rows = await run.query<LeadRow>(
      `select ${leadColumns('l')} from leads l where l.group_id = ? and l.seq > ? order by l.seq limit ?`,
      [group.id, query.start, query.length],
    );
    return { rows, filtered: group.leadCount, plan: 'range' };
  }
  const found = await matchingSeqs(run, group, condition);
  const page = found.seqs.slice(query.start, Math.min(query.start + query.length, SEARCH_RESULT_LIMIT));
  const rows = page.length
    ? await run.query<LeadRow>(`select ${leadColumns('l')} from leads l where l.group_id = ? and l.seq = any(?::int[]) order by l.seq`, [
        group.id,
        `{${page.join(',')}}`,
      ])
    : [];
  return { rows, filtered: Math.min(found.seqs.length, SEARCH_RESULT_LIMIT), plan: found.plan };
}

async function matchingSeqs(
  run: SqlRunner,
  group: { id: number; leadCount: number },
  condition: SqlCondition,
): Promise<{ seqs: number[]; plan: 'walk' | 'indexes' }> {
  const bound = SEARCH_RESULT_LIMIT + 1;
  const size = group.leadCount;
  const small = size <= bound;
  const expected = small ? size : await expectedMatches(run, group.id, condition);
  if (small || expected * expected >= WALK_ROW_COST * bound * size) {
    const walk = expected > 0 ? Math.min(size, Math.ceil((WALK_MARGIN * bound * size) / expected)) : size;
    const walked = await run.query<{ seq: number }>(
      `select l.seq from (
         select l.seq, l.search_text, l.first_name, l.last_name, l.email_key, l.phone_key
         from leads l where l.group_id = ? order by l.seq limit ?
       ) l where ${condition.sql} order by l.seq limit ?`,
      [group.id, walk, ...condition.params, bound],
    );
    // Complete when the bound is reached or the walk covered the whole group.
    if (walked.length >= bound || walk >= size) return { seqs: walked.map((row) => row.seq), plan: 'walk' };
  }
  const indexed = await run.transaction(async (tx) => {
    for (const setting of INDEXES_ONLY) await tx.query(setting, []);
    return tx.query<{ seq: number }>(`select l.seq from leads l where l.group_id = ? and ${condition.sql} order by l.seq limit ?`, [
      group.id,
      ...condition.params,
      bound,
    ]);
  });
  return { seqs: indexed.map((row) => row.seq), plan: 'indexes' };
}

/** The planner's estimate of how many leads of the group match (from the partition's statistics). */
async function expectedMatches(run: SqlRunner, groupId: number, condition: SqlCondition): Promise<number> {
  const [plan] = await run.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from leads l where l.group_id = ? and ${condition.sql}`,
    [groupId, ...condition.params],
  );
  return plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0;
}
