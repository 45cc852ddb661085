import { webhookOwnerFilter } from './webhook-owner.policy';

describe('webhook subscription owners', () => {
  it('lets an Admin see every subscription', () => expect(webhookOwnerFilter({ id: 'a', roles: ['Admin'] })).toBeUndefined());
  it('limits an API client to its own', () => expect(webhookOwnerFilter({ id: 'client-1', roles: [] })).toBe('client-1'));
});
