import { distributeRoundRobin } from './distribution.policy';

describe('round-robin distribution', () => {
  it('spreads leads evenly, the first agents taking the remainder', () => {
    const shares = distributeRoundRobin([1, 2, 3, 4, 5, 6, 7], ['ann', 'bob', 'cy']);
    expect(Object.fromEntries(shares)).toEqual({ ann: [1, 4, 7], bob: [2, 5], cy: [3, 6] });
  });

  it('gives every agent an entry, even with fewer leads than agents', () => {
    expect(Object.fromEntries(distributeRoundRobin([9], ['ann', 'bob']))).toEqual({ ann: [9], bob: [] });
    expect(distributeRoundRobin([1, 2], []).size).toBe(0);
  });
});
