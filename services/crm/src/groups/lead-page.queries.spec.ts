import { leadPage, MatchEstimates, SEARCH_RESULT_LIMIT, type SqlRunner } from './lead-page.queries';

/** A runner that answers by the statement's kind and records what ran. */
function fakeRunner(answers: { estimate?: number; walked?: number[]; indexed?: number[] }) {
  const ran: string[] = [];
  const settings: string[] = [];
  /** One statement finds the matches, counts them and reads the window of them: always one row. */
  const pageOf = <T>(matches: number[], params: readonly unknown[]): T[] => {
    const [offset, limit] = params.slice(-3, -1) as number[];
    const window = [...matches].sort((a, b) => a - b).slice(offset, offset + limit);
    ran.push(`read {${window.join(',')}}`);
    const rows = window.map((seq) => ({ found: matches.length, seq, id: seq }));
    return (rows.length ? rows : [{ found: matches.length, seq: null, id: null }]) as T[];
  };
  const runner: SqlRunner = {
    query: async <T>(sql: string, params: readonly unknown[]): Promise<T[]> => {
      if (sql.includes('set_config(')) {
        settings.push(...(sql.match(/'\w+', '\w+'/g) ?? []));
        return [];
      }
      if (sql.startsWith('explain')) {
        ran.push('estimate');
        return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': answers.estimate ?? 0 } }] }] as T[];
      }
      if (sql.includes('order by l.seq limit ?\n       ) l where')) {
        ran.push(`walk ${String(params[1])}`);
        return pageOf<T>(answers.walked ?? [], params);
      }
      if (sql.includes('l.seq > ?')) {
        ran.push(`range ${String(params[1])}`);
        return [{ id: 1 }] as T[];
      }
      ran.push('indexes');
      return pageOf<T>(answers.indexed ?? [], params);
    },
    transaction: (work) => work(runner),
  };
  return { runner, ran, settings };
}

const seqs = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('a page of a lead group', () => {
  it('reads a range of seq without a search, however deep', async () => {
    const { runner, ran } = fakeRunner({});
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: 24_975, length: 25, search: '' });
    expect(page).toMatchObject({ filtered: 1_000_000, plan: 'range' });
    expect(ran).toEqual(['range 24975']);
  });

  it('walks a small group whole and counts exactly', async () => {
    const { runner, ran } = fakeRunner({ walked: [3, 9, 12] });
    const page = await leadPage(runner, { id: 7, leadCount: 60 }, { start: 1, length: 5, search: 'olivia' });
    expect(page.filtered).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([9, 12]);
    expect(ran).toEqual(['walk 60', 'read {9,12}']);
    expect(page.plan).toBe('walk');
  });

  it('walks a large group in sheet order for a common term, and bounds the count', async () => {
    const { runner, ran } = fakeRunner({ estimate: 240_000, walked: seqs(1, SEARCH_RESULT_LIMIT + 1) });
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: 975, length: 25, search: 'example' });
    expect(page).toMatchObject({ filtered: SEARCH_RESULT_LIMIT, plan: 'walk' });
    expect(page.rows.map((row) => row.id)).toEqual(seqs(976, 25));
    expect(ran[0]).toBe('estimate');
    expect(ran[1]).toMatch(/^walk \d+$/);
    expect(Number(ran[1].split(' ')[1])).toBeLessThan(1_000_000);
    expect(ran).toHaveLength(3);
  });

  it('asks the search indexes alone for a rare term, never walking the group', async () => {
    const { runner, ran, settings } = fakeRunner({ estimate: 40, indexed: [5, 77] });
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: 0, length: 25, search: 'whitfield' });
    expect(page).toMatchObject({ filtered: 2, plan: 'indexes' });
    expect(ran).toEqual(['estimate', 'indexes', 'read {5,77}']);
    expect(settings).toEqual(
      expect.arrayContaining([
        "'enable_seqscan', 'off'",
        "'enable_indexscan', 'off'",
        "'enable_indexonlyscan', 'off'",
        "'max_parallel_workers_per_gather', '0'",
      ]),
    );
  });

  it('finds a term of a few percent of a large group from the search indexes, stopping at the bound', async () => {
    const { runner, ran } = fakeRunner({ estimate: 50_000, indexed: seqs(101, SEARCH_RESULT_LIMIT + 1) });
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: 25, length: 25, search: 'mar' });
    expect(page).toMatchObject({ filtered: SEARCH_RESULT_LIMIT, plan: 'indexes' });
    expect(page.rows.map((row) => row.id)).toEqual(seqs(126, 25));
    expect(ran.slice(0, 2)).toEqual(['estimate', 'indexes']);
  });

  it('falls back to the search indexes when a walk falls short of the bound', async () => {
    const { runner, ran } = fakeRunner({ estimate: 80_000, walked: seqs(1, 300), indexed: seqs(1, 700) });
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: 0, length: 10, search: 'mar' });
    expect(page).toMatchObject({ filtered: 700, plan: 'indexes' });
    expect(ran.slice(3)).toEqual(['indexes', 'read {1,2,3,4,5,6,7,8,9,10}']);
  });

  it('answers an empty page past the bound of a search', async () => {
    const { runner, ran } = fakeRunner({ estimate: 240_000, walked: seqs(1, SEARCH_RESULT_LIMIT + 1) });
    const page = await leadPage(runner, { id: 7, leadCount: 1_000_000 }, { start: SEARCH_RESULT_LIMIT, length: 25, search: 'example' });
    expect(page).toMatchObject({ filtered: SEARCH_RESULT_LIMIT, rows: [] });
    expect(ran).toContain('read {}');
  });

  it('asks the planner once for the pages of the same search', async () => {
    const { runner, ran } = fakeRunner({ estimate: 40, indexed: seqs(1, 60) });
    const estimates = new MatchEstimates(1);
    const group = { id: 7, leadCount: 1_000_000, searchIndexed: true };
    await leadPage(runner, group, { start: 0, length: 25, search: 'Whitfield' }, estimates);
    await leadPage(runner, group, { start: 25, length: 25, search: 'whitfield ' }, estimates);
    expect(ran.filter((step) => step === 'estimate')).toHaveLength(1);
    await leadPage(runner, group, { start: 0, length: 25, search: 'garcia' }, estimates);
    await leadPage(runner, group, { start: 0, length: 25, search: 'whitfield' }, estimates);
    expect(ran.filter((step) => step === 'estimate')).toHaveLength(3);
  });
});
