// Lead paging and search: pages of a 1,000,000-lead group (the one the lead-import benchmark made, or
// imported here) requested through the gateway, without a search, with 3+ character terms and with
// 1–2 character terms, page 1 and page 1,000, against the same SQL statements run directly.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { importThroughGateway, leadSizes, sheetBase, waitSearchIndexed } from './lead-import.bench.mjs';
import { leadSheet } from './leads-data.mjs';
import { percentile, row } from './lib.mjs';

export const name = 'lead paging';
const PAGE = 25; // (screen height − 270) / 30 on a 1050-pixel-high screen
const DEEP = 1000;

// Terms users type: last and first names (3+ characters, each a fraction of a percent of the leads),
// broad ones matching tens of thousands, and 1–2 character prefixes.
const NAME_TERMS = ['whitfield', 'garcia', 'nguyen', 'mitchell', 'kelly', 'henderson', 'olivia', 'brandon', 'catherine', 'pierce'];
const BROAD_TERMS = ['son', 'example', 'mar', 'leads.test', 'ber'];
const SHORT_TERMS = ['j', 'ma', 's', 'da', 'ro', 'k', 'br', 'an', 'c', 'mi'];

/** `?` placeholders (MikroORM's) as pg's `$n`. */
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export async function run(context) {
  const { stack, token, freshToken, root, databaseUrl } = context;
  const require = createRequire(import.meta.url);
  const { leadPage, MatchEstimates, SEARCH_RESULT_LIMIT } = require(join(root, 'services/crm/dist/groups/lead-page.queries.js'));
  const estimates = new MatchEstimates(); // as the service keeps them
  const lastSearchPage = Math.ceil(SEARCH_RESULT_LIMIT / PAGE); // a search answers its first SEARCH_RESULT_LIMIT matches
  const pool = new pg.Pool({ connectionString: databaseUrl('crm'), max: 4 });
  const rows = [];
  try {
    const size = Math.max(...leadSizes());
    let groupId = context.leadGroups?.get(size);
    if (!groupId) {
      const path = await leadSheet(size, sheetBase(size), (m) => process.stdout.write(`\n    ${m}`));
      groupId = (await importThroughGateway(context, path)).result.groupId;
    }
    await waitSearchIndexed(pool, groupId);
    await pool.query('analyze leads');

    let headers = { authorization: `Bearer ${token}` };
    const viaGateway = async (start, search) => {
      const url = `${stack.url}/api/leads/groups/${groupId}/leads?draw=1&start=${start}&length=${PAGE}&search=${encodeURIComponent(search)}`;
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`page answered ${response.status}: ${await response.text()}`);
      const page = await response.json();
      return page;
    };
    // The statements the service runs for one page, through pg instead of MikroORM.
    const runner = (client) => ({
      query: async (sql, params) => (await client.query(numbered(sql), params)).rows,
      transaction: async (work) => {
        const tx = await pool.connect();
        try {
          await tx.query('begin');
          const result = await work(runner(tx));
          await tx.query('commit');
          return result;
        } catch (error) {
          await tx.query('rollback');
          throw error;
        } finally {
          tx.release();
        }
      },
    });
    const plans = new Map();
    const direct = async (start, search) => {
      const { rows: groups } = await pool.query(`select * from lead_groups where id = $1 and status = 'ready' limit 1`, [groupId]);
      const group = { id: groupId, leadCount: groups[0].lead_count, searchIndexed: groups[0].search_indexed };
      const page = await leadPage(runner(pool), group, { start, length: PAGE, search }, estimates);
      plans.set(page.plan, (plans.get(page.plan) ?? 0) + 1);
      await pool.query(
        `select a.lead_id, s.name from lead_assignments a join sales_agents s on s.user_id = a.user_id
         where a.lead_id = any($1::int[]) order by a.seq`,
        [page.rows.map((r) => r.id)],
      );
    };
    const time = async (work) => {
      const started = process.hrtime.bigint();
      await work();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const measure = async (label, count, terms, page) => {
      const start = (page - 1) * PAGE;
      headers = { authorization: `Bearer ${(await freshToken?.()) ?? token}` };
      for (const term of terms) await viaGateway(start, term); // warm: plans, caches, JIT
      const gateway = [];
      const sql = [];
      let filtered = 0;
      const deadline = Date.now() + 180_000; // a slow scenario stops early rather than holding the run
      for (let i = 0; i < count && Date.now() < deadline; i++) {
        const term = terms[i % terms.length];
        // Alternate which goes first, so neither always meets a warmer cache.
        if (i % 2) sql.push(await time(() => direct(start, term)));
        gateway.push(
          await time(async () => {
            const body = await viaGateway(start, term);
            filtered = body.recordsFiltered;
            if (body.data.length === 0 && start < filtered) throw new Error(`${label}: an empty page below recordsFiltered`);
          }),
        );
        if (!(i % 2)) sql.push(await time(() => direct(start, term)));
      }
      return { label, count: gateway.length, gateway, sql, filtered };
    };

    const searchDeep = `page ${lastSearchPage}, the last of a bounded search`;
    const scenarios = [
      await measure('no search, page 1', 100, [''], 1),
      await measure(`no search, page ${DEEP}`, 100, [''], DEEP),
      await measure('3+ character name term, page 1', 500, NAME_TERMS, 1),
      await measure(`3+ character name term, ${searchDeep}`, 100, NAME_TERMS, lastSearchPage),
      await measure('3+ character broad term, page 1', 100, BROAD_TERMS, 1),
      await measure(`3+ character broad term, ${searchDeep}`, 100, BROAD_TERMS, lastSearchPage),
      await measure('1–2 character term, page 1', 100, SHORT_TERMS, 1),
      await measure(`1–2 character term, ${searchDeep}`, 100, SHORT_TERMS, lastSearchPage),
    ];
    const p = (s, q) => percentile(s.gateway, q);
    const byLabel = Object.fromEntries(scenarios.map((s) => [s.label, s]));
    // Targets: a page with a 3+ character term p95 ≤ 25 ms; short terms and broad counts ≤ 50 ms.
    const goalOf = (label) => (label.startsWith('3+ character name term, page 1') ? 25 : label.startsWith('no search') ? undefined : 50);
    for (const s of scenarios) {
      const goal = goalOf(s.label);
      rows.push(
        row(name, `${s.label}: p50 through the gateway (${s.count} requests)`, p(s, 50), 'ms', {
          anchor: percentile(s.sql, 50),
          anchorLabel: 'same SQL direct, p50',
        }),
        row(name, `${s.label}: p95 through the gateway`, p(s, 95), 'ms', {
          anchor: percentile(s.sql, 95),
          anchorLabel: 'same SQL direct, p95',
          ...(goal ? { goal: `≤ ${goal} ms`, met: p(s, 95) <= goal } : {}),
        }),
      );
    }
    for (const [first, deep] of [
      ['no search, page 1', `no search, page ${DEEP}`],
      ['3+ character name term, page 1', `3+ character name term, ${searchDeep}`],
      ['3+ character broad term, page 1', `3+ character broad term, ${searchDeep}`],
      ['1–2 character term, page 1', `1–2 character term, ${searchDeep}`],
    ]) {
      const ratio = p(byLabel[deep], 50) / p(byLabel[first], 50);
      rows.push(
        row(name, `${deep} / page 1 (p50 through the gateway)`, ratio, '×', {
          goal: '≤ 2',
          met: ratio <= 2,
        }),
      );
    }
    rows.push(row(name, 'leads in the paged group', size, 'leads'));
    const planned = [...plans].map(([plan, n]) => `${plan} ${n}`).join(', ');
    rows.push(
      row(
        name,
        `how the direct runs found their matches: ${planned}`,
        [...plans.values()].reduce((a, b) => a + b, 0),
        'pages',
      ),
    );
  } finally {
    await pool.end();
  }
  return rows;
}
