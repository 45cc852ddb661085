import type { DistributeLeadsResult, UpdateUserLeadsResult } from '@backoffice/contracts';

const leads = (n: number) => `${n.toLocaleString('en-US')} lead${n === 1 ? '' : 's'}`;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What +10 / +100 will do, said before acting ("+10 selects 10 of the 14 matching leads"), or why they cannot:
 * the search matches no unassigned lead. Counting while the matches load.
 */
export function bulkHint(matches: number | undefined, search: string): string {
  if (matches === undefined) return search ? `Counting the leads matching “${search}”…` : 'Counting the unassigned leads…';
  if (matches === 0) return search ? `No unassigned lead matches “${search}”.` : 'Every lead with a phone is assigned.';
  const taken = count(Math.min(10, matches));
  return search
    ? `${count(matches)} unassigned ${matches === 1 ? 'lead matches' : 'leads match'} “${search}”: +10 selects ${taken} of the ${count(matches)} matching leads.`
    : `${leads(matches)} not assigned to anyone: +10 selects ${taken} of them.`;
}

/** A +N button's accessible name: its visible text first, then how many of which leads it takes. */
export function stepLabel(step: number, matches: number | undefined, search: string): string {
  if (!matches) return `+${step}: no unassigned lead to select`;
  const taken = count(Math.min(step, matches));
  return `+${step}: select ${taken} of the ${count(matches)} ${search ? 'matching' : 'unassigned'} leads`;
}

/** What Update did, in words ("12 leads assigned to Omar Haddad"). */
export function updateMessage(agent: string, result: UpdateUserLeadsResult): string {
  const parts = [
    ...(result.added ? [`${leads(result.added)} assigned to ${agent}`] : []),
    ...(result.removed ? [`${leads(result.removed)} taken from ${agent}`] : []),
  ];
  const done = parts.length ? parts.join(', ') : `No change for ${agent}`;
  return `${done}. ${agent} now has ${leads(result.total)}.`;
}

/** What Distribute did ("14 leads distributed: Omar Haddad 7, Ann Lee 7."). */
export function distributeMessage(result: DistributeLeadsResult, search: string): string {
  if (result.distributed === 0)
    return search ? `No unassigned lead matches “${search}”: nothing distributed.` : 'No unassigned lead left: nothing distributed.';
  const shares = result.perAgent.map((agent) => `${agent.name} ${agent.added.toLocaleString('en-US')}`).join(', ');
  return `${leads(result.distributed)} distributed: ${shares}.`;
}
