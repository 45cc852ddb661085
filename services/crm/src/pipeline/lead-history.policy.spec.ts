import { historyOfChange } from './lead-history.policy';

describe('the history of a pipeline change', () => {
  it('writes the stage moved and the follow-up set, moved or cleared, and nothing when they stay', () => {
    expect(historyOfChange({ stage: 'New', followUpAt: null }, { stage: 'Contacted', followUpAt: '2030-01-15' })).toEqual([
      { kind: 'stage', text: 'Stage: New → Contacted' },
      { kind: 'follow-up', text: 'Follow-up: 2030-01-15' },
    ]);
    expect(historyOfChange({ stage: 'Contacted', followUpAt: '2030-01-15' }, { stage: 'Contacted', followUpAt: null })).toEqual([
      { kind: 'follow-up', text: 'Follow-up cleared' },
    ]);
    expect(historyOfChange({ stage: 'Lost', followUpAt: '2030-01-15' }, { stage: 'Lost', followUpAt: '2030-01-15' })).toEqual([]);
  });
});
