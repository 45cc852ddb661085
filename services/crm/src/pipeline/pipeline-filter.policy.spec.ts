import { pipelineOrder, pipelineWhere } from './pipeline-filter.policy';

describe('pipelineWhere', () => {
  it('is true without filters', () => {
    expect(pipelineWhere({ tz: 'UTC' })).toEqual({ sql: 'true', params: [] });
  });

  it('joins the agent, stage, due and card conditions with their parameters in order', () => {
    const where = pipelineWhere({ userId: 'u1', stage: 'Contacted', due: true, card: 'newThisWeek', tz: 'Europe/Paris' });
    expect(where.sql).toBe(
      '(a.user_id = ?) and (a.stage = ?) and (a.follow_up_at <= (now() at time zone ?)::date) and ' +
        "(a.assigned_at >= (date_trunc('week', now() at time zone ?) at time zone ?))",
    );
    expect(where.params).toEqual(['u1', 'Contacted', 'Europe/Paris', 'Europe/Paris', 'Europe/Paris']);
  });

  it('counts a converted lead in the month it was converted', () => {
    const where = pipelineWhere({ card: 'convertedThisMonth', tz: 'UTC' });
    expect(where.sql).toContain("a.stage = 'Converted' and a.stage_changed_at >=");
    expect(where.params).toEqual(['UTC', 'UTC']);
  });

  it('adds the lead search', () => {
    const where = pipelineWhere({ search: 'anna', tz: 'UTC' });
    expect(where).toEqual({ sql: '(l.search_text like ?)', params: ['%anna%'] });
  });
});

describe('pipelineOrder', () => {
  it('puts leads without a follow-up last and orders stages as the pipeline does', () => {
    expect(pipelineOrder('followUp')).toBe('a.follow_up_at asc nulls last, a.seq desc');
    expect(pipelineOrder('stage')).toContain("array['New', 'Contacted', 'Interested', 'Converted', 'Lost']");
    expect(pipelineOrder('assigned')).toBe('a.seq desc');
  });
});
