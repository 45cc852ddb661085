import type { AuditChange } from '@backoffice/contracts';

/** Lead ids named in one audit change at most (a distribution may move thousands: the count says how many). */
const LISTED = 100;

/**
 * The audit log's words for leads given to or taken from a sales agent (assignments are written by bulk
 * statements the unit of work does not see): one change on the agent, with the leads' ids.
 */
export function assignmentChange(
  agentId: string,
  added: readonly number[],
  removed: readonly number[] = [],
  how = 'assigned',
): AuditChange[] {
  if (!added.length && !removed.length) return [];
  const list = (ids: readonly number[]) => (ids.length > LISTED ? [...ids.slice(0, LISTED), `… ${ids.length - LISTED} more`] : [...ids]);
  const fields: AuditChange['fields'] = {};
  if (added.length) fields.leadsAdded = { before: null, after: list(added) };
  if (removed.length) fields.leadsRemoved = { before: list(removed), after: null };
  const parts = [added.length ? `${added.length} lead(s) ${how}` : '', removed.length ? `${removed.length} lead(s) unassigned` : ''];
  return [{ entityType: 'SalesAgent', recordId: agentId, action: 'updated', fields, note: `${parts.filter(Boolean).join(', ')}.` }];
}
