import { isFollowUpInPast } from './follow-up.policy';

describe('a follow-up in the past', () => {
  it('refuses a day that is over everywhere, and accepts one that is still today somewhere', () => {
    const now = new Date('2026-11-28T15:00:00Z');
    expect(isFollowUpInPast('2026-11-27', now)).toBe(true);
    expect(isFollowUpInPast('2020-01-01', now)).toBe(true);
    expect(isFollowUpInPast('2026-11-28', now)).toBe(false);
    expect(isFollowUpInPast('2026-12-01', now)).toBe(false);
    // 08:00 UTC: it is still the 27th at UTC−12, so a user there may pick it.
    expect(isFollowUpInPast('2026-11-27', new Date('2026-11-28T08:00:00Z'))).toBe(false);
  });
});
