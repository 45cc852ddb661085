import { mayAccessClientService, seesAllClientServices } from './client-service-access.policy';

const provider = { id: 'p-1', roles: ['ServiceProvider'] };

describe('client service access', () => {
  it('lets Admin and Manager see everything', () => {
    expect(seesAllClientServices({ id: 'a', roles: ['Admin'] })).toBe(true);
    expect(seesAllClientServices({ id: 'm', roles: ['Manager'] })).toBe(true);
    expect(mayAccessClientService({ id: 'm', roles: ['Manager'] }, { providerId: null })).toBe(true);
  });

  it('lets a provider reach only what is assigned to them', () => {
    expect(seesAllClientServices(provider)).toBe(false);
    expect(mayAccessClientService(provider, { providerId: 'p-1' })).toBe(true);
    expect(mayAccessClientService(provider, { providerId: 'p-2' })).toBe(false);
    expect(mayAccessClientService(provider, { providerId: null })).toBe(false);
  });

  it('gives other roles nothing', () => {
    expect(mayAccessClientService({ id: 'p-1', roles: ['Salesagent'] }, { providerId: 'p-1' })).toBe(false);
  });
});
