import { Client } from 'pg';
import ExcelJS from 'exceljs';
import type { Lead, LeadTablePage, LeadUpload } from '@backoffice/contracts';
import { leadPage, SEARCH_RESULT_LIMIT, type SqlRunner } from '../src/groups/lead-page.queries';
import { leadSearchCondition } from '../src/groups/lead-search.policy';
import { buildCrm, extract, json, sheet, sql, startCrm, upload, type CrmStack } from './crm-test-kit';

/**
 * Searching a group larger than the search bound, against the real planner: which way the matches are
 * found (walking the group in sheet order or the search indexes) never changes what a page shows.
 */
const LEADS = 6000;
const FIRST = ['Olivia', 'Noah', 'Emma'];

let stack: CrmStack;
let client: Client;
let groupId: number;

/** leadPage's statements through pg, as the paging benchmark runs them. */
function pgRunner(pg: Client): SqlRunner {
  return {
    query: async <T>(text: string, params: readonly unknown[]) => {
      let n = 0;
      return (
        await pg.query(
          text.replace(/\?/g, () => `$${++n}`),
          [...params],
        )
      ).rows as T[];
    },
    transaction: async (work) => {
      await pg.query('begin');
      try {
        const result = await work(pgRunner(pg));
        await pg.query('commit');
        return result;
      } catch (error) {
        await pg.query('rollback');
        throw error;
      }
    },
  };
}

/** Whether the worker has built a group's search indexes (the job after its import), waiting up to `timeoutMs`. */
async function searchIndexed(id: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [group] = await sql<{ search_indexed: boolean }>(stack.api, 'select search_indexed from lead_groups where id = $1', [id]);
    if (group?.search_indexed) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every match of a term in sheet order, by the plainest statement there is. */
async function allMatches(term: string): Promise<number[]> {
  const condition = leadSearchCondition(term, 'l')!;
  let n = 1;
  const text = condition.sql.replace(/\?/g, () => `$${++n}`);
  const { rows } = await client.query<{ seq: number }>(`select l.seq from leads l where l.group_id = $1 and ${text} order by l.seq`, [
    groupId,
    ...condition.params,
  ]);
  return rows.map((row) => row.seq);
}

beforeAll(async () => {
  buildCrm();
  stack = await startCrm();
  await stack.startWorker();
  const rows = Array.from({ length: LEADS }, (_, i) => [
    '',
    FIRST[i % FIRST.length],
    i % 200 === 7 ? 'Whitfield' : `Pager${i}`,
    '',
    '',
    '',
    '',
    `p${i}@paging.test`,
    `+44 20 ${String(7_000_000 + i)}`,
    '',
  ]);
  const response = await upload(stack.api, await sheet(rows), 'big paging.xlsx');
  const job = await extract(stack.api, (await json<{ id: number }>(response)).id, 'flag', 120_000);
  groupId = job.result!.groupId;
  if (!(await searchIndexed(groupId, 60_000))) throw new Error('search indexes not built');
  client = new Client({ connectionString: stack.api.databaseUrl });
  await client.connect();
}, 180_000);

afterAll(async () => {
  await client?.end();
  await stack?.close();
});

describe('searching a group larger than the search bound', () => {
  it.each([
    ['a rare term, from the search indexes', 'whitfield', 'indexes'],
    ['a term of a third of the group, from the search indexes up to the bound', 'olivia', 'indexes'],
    ['a 1–2 character term of a third of the group, from the prefix indexes', 'no', 'indexes'],
    ['a term every lead matches, walking the group', 'pager', 'walk'],
    ['a 1–2 character term every lead matches, walking the group', 'pa', 'walk'],
  ])('%s', async (_label, term, plan) => {
    const matches = await allMatches(term);
    const filtered = Math.min(matches.length, SEARCH_RESULT_LIMIT);
    const seqOf = new Map<number, number>();
    for (const start of [0, 25, SEARCH_RESULT_LIMIT - 25, SEARCH_RESULT_LIMIT]) {
      const page = await leadPage(pgRunner(client), { id: groupId, leadCount: LEADS }, { start, length: 25, search: term });
      expect(page.plan).toBe(plan);
      expect(page.filtered).toBe(filtered);
      const expected = matches.slice(start, Math.min(start + 25, SEARCH_RESULT_LIMIT));
      const ids = page.rows.map((row) => row.id);
      expect(ids).toHaveLength(expected.length);
      if (ids.length) {
        const seqs = await client.query<{ id: number; seq: number }>('select id, seq from leads where id = any($1::int[])', [ids]);
        for (const row of seqs.rows) seqOf.set(row.id, row.seq);
      }
      expect(ids.map((id) => seqOf.get(id))).toEqual(expected);
    }
  });

  it('answers the console the bounded count and the pages of it, in sheet order', async () => {
    const page = (query: string) =>
      stack.api.request(`/api/leads/groups/${groupId}/leads?${query}`).then((response) => json<LeadTablePage<Lead>>(response));
    const first = await page('draw=3&start=0&length=10&search=Olivia');
    expect(first).toMatchObject({ draw: 3, recordsTotal: LEADS, recordsFiltered: SEARCH_RESULT_LIMIT });
    expect(first.data.map((lead) => lead.lastName)).toEqual(Array.from({ length: 10 }, (_, i) => `Pager${i * 3}`));
    const last = await page(`start=${SEARCH_RESULT_LIMIT - 10}&length=25&search=olivia`);
    expect(last.data.map((lead) => lead.lastName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pager${(SEARCH_RESULT_LIMIT - 10 + i) * 3}`),
    );
    const past = await page(`start=${SEARCH_RESULT_LIMIT}&length=25&search=olivia`);
    expect(past).toMatchObject({ recordsFiltered: SEARCH_RESULT_LIMIT, data: [] });
    const rare = await page('search=whitfield');
    expect(rare.recordsFiltered).toBe(LEADS / 200);
    expect(rare.data.every((lead) => lead.lastName === 'Whitfield')).toBe(true);
    const phone = await page(`search=${encodeURIComponent('20 7000 123')}`);
    expect(phone.data.map((lead) => lead.lastName)).toEqual(['Pager123']);
  });
});

describe('paging a group (draw/start/length/search)', () => {
  let smallGroup: number;

  beforeAll(async () => {
    const rows = Array.from({ length: 60 }, (_, i) => [
      '',
      i % 3 === 0 ? 'Olivia' : 'Noah',
      `Pager${String(i).padStart(2, '0')}`,
      '',
      '',
      '',
      '',
      `pager${i}@paging.test`,
      `+44 20 7946 ${String(1000 + i)}`,
      '',
    ]);
    const uploaded = await upload(stack.api, await sheet(rows), 'paging.xlsx');
    expect(uploaded.status).toBe(201);
    const job = await extract(stack.api, (await json<LeadUpload>(uploaded)).id);
    smallGroup = job.result!.groupId;
  });

  const page = (query: string) => stack.api.request(`/api/leads/groups/${smallGroup}/leads?${query}`);

  it('answers a window of the group in sheet order, echoing draw', async () => {
    const body = await json<LeadTablePage<Lead>>(await page('draw=7&start=20&length=15'));
    expect(body).toMatchObject({ draw: 7, recordsTotal: 60, recordsFiltered: 60 });
    expect(body.data.map((lead) => lead.lastName)).toEqual(Array.from({ length: 15 }, (_, i) => `Pager${20 + i}`));
  });

  it('searches names, emails and phones, counting what matched', async () => {
    const byName = await json<LeadTablePage<Lead>>(await page('draw=1&start=0&length=5&search=olivia'));
    expect(byName).toMatchObject({ recordsTotal: 60, recordsFiltered: 20 });
    expect(byName.data).toHaveLength(5);
    expect(byName.data.every((lead) => lead.firstName === 'Olivia')).toBe(true);

    const next = await json<LeadTablePage<Lead>>(await page('start=5&length=5&search=Olivia'));
    expect(next.data[0].lastName).toBe('Pager15');

    const byEmail = await json<LeadTablePage<Lead>>(await page('search=pager42%40paging'));
    expect(byEmail.data.map((lead) => lead.lastName)).toEqual(['Pager42']);

    const byPhone = await json<LeadTablePage<Lead>>(await page(`search=${encodeURIComponent('7946-1007')}`));
    expect(byPhone.data.map((lead) => lead.lastName)).toEqual(['Pager07']);

    const short = await json<LeadTablePage<Lead>>(await page('search=no'));
    expect(short.recordsFiltered).toBe(40);

    const nothing = await json<LeadTablePage<Lead>>(await page('search=zzzz'));
    expect(nothing).toMatchObject({ recordsFiltered: 0, data: [] });
  });

  it('refuses bad paging parameters with field errors, and unknown groups with 404', async () => {
    const bad = await page('start=-1&length=0');
    expect(bad.status).toBe(400);
    const problem = await json<{ errors: { path: string }[] }>(bad);
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['length', 'start']);
    expect((await stack.api.request('/api/leads/groups/999999/leads')).status).toBe(404);
    expect((await stack.api.request('/api/leads/groups/abc/leads')).status).toBe(400);
  });

  it('exports the group as a streamed xlsx', async () => {
    const response = await stack.api.request(`/api/leads/groups/${smallGroup}/export.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('paging.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheetRows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(sheetRows).toHaveLength(61);
    expect(sheetRows[1][3]).toBe('Olivia');
  });

  it('builds the group search indexes after the import', async () => {
    expect(await searchIndexed(smallGroup, 20_000)).toBe(true);
    const indexes = await sql<{ indexname: string }>(stack.api, `select indexname from pg_indexes where tablename = $1 order by 1`, [
      `leads_p${smallGroup}`,
    ]);
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([`leads_p${smallGroup}_search_trgm`, `leads_p${smallGroup}_phone_prefix`]),
    );
  });
});
