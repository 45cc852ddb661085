import { describe, expect, it } from 'vitest';
import { bulkHint, distributeMessage, stepLabel, updateMessage } from './assignment-words';

describe('assignment words', () => {
  it('says before acting how many leads +10 takes and from which search', () => {
    expect(bulkHint(14, 'smith')).toBe('14 unassigned leads match “smith”: +10 selects 10 of the 14 matching leads.');
    expect(bulkHint(3, 'smith')).toBe('3 unassigned leads match “smith”: +10 selects 3 of the 3 matching leads.');
    expect(bulkHint(0, 'smith')).toBe('No unassigned lead matches “smith”.');
    expect(bulkHint(1200, '')).toBe('1,200 leads not assigned to anyone: +10 selects 10 of them.');
    expect(bulkHint(undefined, 'smith')).toBe('Counting the leads matching “smith”…');
    expect(stepLabel(10, 14, 'smith')).toBe('+10: select 10 of the 14 matching leads');
    expect(stepLabel(100, 14, 'smith')).toBe('+100: select 14 of the 14 matching leads');
    expect(stepLabel(10, 0, 'smith')).toBe('+10: no unassigned lead to select');
  });

  it('says what Update and Distribute did', () => {
    expect(updateMessage('Omar Haddad', { userId: 'u', added: 12, removed: 0, total: 40 })).toBe(
      '12 leads assigned to Omar Haddad. Omar Haddad now has 40 leads.',
    );
    expect(updateMessage('Omar Haddad', { userId: 'u', added: 1, removed: 2, total: 1 })).toBe(
      '1 lead assigned to Omar Haddad, 2 leads taken from Omar Haddad. Omar Haddad now has 1 lead.',
    );
    expect(
      distributeMessage(
        {
          distributed: 3,
          perAgent: [
            { userId: 'a', name: 'Ann', added: 2 },
            { userId: 'b', name: 'Bob', added: 1 },
          ],
        },
        '',
      ),
    ).toBe('3 leads distributed: Ann 2, Bob 1.');
    expect(distributeMessage({ distributed: 0, perAgent: [] }, 'x')).toBe('No unassigned lead matches “x”: nothing distributed.');
  });
});
