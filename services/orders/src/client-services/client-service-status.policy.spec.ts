import { CLIENT_SERVICE_STATUSES, isStatusCorrection, type ClientServiceStatus } from '@backoffice/contracts';
import { allowedStatuses, decideStatusTransition } from './client-service-status.policy';

/** Every one of the 25 pairs, written out: from → to → what happens. */
const EXPECTED: Record<ClientServiceStatus, Record<ClientServiceStatus, 'change' | 'note' | 'refused'>> = {
  Created: { Created: 'note', Verified: 'change', Filled: 'change', Completed: 'change', Cancelled: 'change' },
  Verified: { Created: 'refused', Verified: 'note', Filled: 'change', Completed: 'change', Cancelled: 'change' },
  Filled: { Created: 'refused', Verified: 'refused', Filled: 'note', Completed: 'change', Cancelled: 'change' },
  Completed: { Created: 'refused', Verified: 'refused', Filled: 'refused', Completed: 'note', Cancelled: 'refused' },
  Cancelled: { Created: 'refused', Verified: 'refused', Filled: 'refused', Completed: 'refused', Cancelled: 'note' },
};

const pairs = CLIENT_SERVICE_STATUSES.flatMap((from) => CLIENT_SERVICE_STATUSES.map((to) => [from, to] as const));

describe('client service status rules', () => {
  it('covers all 25 pairs', () => {
    expect(pairs).toHaveLength(25);
  });

  it.each(pairs)('%s → %s', (from, to) => {
    const decision = decideStatusTransition(from, to);
    expect(decision.kind).toBe(EXPECTED[from][to]);
    expect(decision).toMatchObject({ from, to });
    if (decision.kind === 'refused') {
      // A refusal names both statuses.
      expect(decision.message).toContain(from);
      expect(decision.message).toContain(to);
    }
    if (decision.kind === 'change') expect(decision.message).toBe(`Status changed from ${from} to ${to}.`);
  });

  it('lists what a transaction may set from each status', () => {
    expect(allowedStatuses('Created')).toEqual(['Created', 'Verified', 'Filled', 'Completed', 'Cancelled']);
    expect(allowedStatuses('Filled')).toEqual(['Filled', 'Completed', 'Cancelled']);
    expect(allowedStatuses('Completed')).toEqual(['Completed']);
    expect(allowedStatuses('Cancelled')).toEqual(['Cancelled']);
  });

  it.each(pairs)('%s → %s, by Admin or Manager: what the forward rules refuse is a correction', (from, to) => {
    const decision = decideStatusTransition(from, to, { mayCorrect: true });
    const expected = EXPECTED[from][to] === 'refused' ? 'correction' : EXPECTED[from][to];
    expect(decision.kind).toBe(expected);
    expect(isStatusCorrection(from, to)).toBe(expected === 'correction');
    if (decision.kind === 'correction') expect(decision.message).toBe(`Status corrected from ${from} to ${to}.`);
  });

  it('lets Admin and Manager set any status from each status', () => {
    for (const from of CLIENT_SERVICE_STATUSES) expect(allowedStatuses(from, { mayCorrect: true })).toEqual([...CLIENT_SERVICE_STATUSES]);
  });
});
