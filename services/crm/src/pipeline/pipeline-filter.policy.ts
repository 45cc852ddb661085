import { LEAD_STAGES, type PipelineCard, type PipelineSort, type LeadStage } from '@backoffice/contracts';
import { leadSearchCondition } from '../groups/lead-search.policy';

/**
 * How a pipeline list's filters become SQL over an agent's assignments (`a`) joined to their leads (`l`).
 * Days are the caller's: "today", Monday and the first of the month in their time zone (a parameter).
 */
export interface PipelineFilter {
  userId?: string;
  stage?: LeadStage;
  due?: boolean;
  card?: PipelineCard;
  search?: string;
  tz: string;
}

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The caller's day, week and month starts; each takes the time zone as its one parameter. */
export const TODAY = `(now() at time zone ?)::date`;
export const WEEK_START = `(date_trunc('week', now() at time zone ?) at time zone ?)`;
export const MONTH_START = `(date_trunc('month', now() at time zone ?) at time zone ?)`;

/** The conditions of each workspace card, with the parameters they take. */
export function cardCondition(card: PipelineCard, tz: string): SqlPart {
  switch (card) {
    case 'dueToday':
      return { sql: `a.follow_up_at = ${TODAY}`, params: [tz] };
    case 'overdue':
      return { sql: `a.follow_up_at < ${TODAY}`, params: [tz] };
    case 'newThisWeek':
      return { sql: `a.assigned_at >= ${WEEK_START}`, params: [tz, tz] };
    case 'convertedThisMonth':
      return { sql: `a.stage = 'Converted' and a.stage_changed_at >= ${MONTH_START}`, params: [tz, tz] };
  }
}

/** The where clause (never empty: `true` without filters) of a pipeline list. */
export function pipelineWhere(filter: PipelineFilter): SqlPart {
  const parts: SqlPart[] = [];
  if (filter.userId) parts.push({ sql: 'a.user_id = ?', params: [filter.userId] });
  if (filter.stage) parts.push({ sql: 'a.stage = ?', params: [filter.stage] });
  if (filter.due) parts.push({ sql: `a.follow_up_at <= ${TODAY}`, params: [filter.tz] });
  if (filter.card) parts.push(cardCondition(filter.card, filter.tz));
  const search = leadSearchCondition(filter.search ?? '', 'l');
  if (search) parts.push(search);
  if (parts.length === 0) return { sql: 'true', params: [] };
  return { sql: parts.map((part) => `(${part.sql})`).join(' and '), params: parts.flatMap((part) => part.params) };
}

/** The order of a pipeline list; ties go to the newest assignment. */
export function pipelineOrder(sort: PipelineSort): string {
  switch (sort) {
    case 'followUp':
      return 'a.follow_up_at asc nulls last, a.seq desc';
    case 'name':
      return 'lower(l.first_name), lower(l.last_name), a.seq desc';
    case 'stage':
      return `array_position(array[${LEAD_STAGES.map((stage) => `'${stage}'`).join(', ')}]::text[], a.stage), a.seq desc`;
    case 'assigned':
      return 'a.seq desc';
  }
}
