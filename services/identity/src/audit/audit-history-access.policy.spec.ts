import { historyAccess } from './audit-history-access.policy';

describe('audit history access', () => {
  it('lets an Admin read every record', () => {
    expect(historyAccess(['Admin'], 'identity', 'ApiClient')).toBe('all');
    expect(historyAccess(['Admin'], 'orders', 'WebhookSubscription')).toBe('all');
  });

  it('lets a Manager read what Managers read elsewhere only', () => {
    expect(historyAccess(['Manager'], 'identity', 'ApiClient')).toBe('none');
    expect(historyAccess(['Manager'], 'identity', 'IdentitySetting')).toBe('none');
    expect(historyAccess(['Manager'], 'identity', 'Anything')).toBe('none');
    expect(historyAccess(['Manager'], 'orders', 'WebhookSubscription')).toBe('none');
    expect(historyAccess(['Manager'], 'identity', 'User')).toBe('visible-user');
    expect(historyAccess(['Manager'], 'identity', 'ClientAccount')).toBe('all');
    expect(historyAccess(['Manager'], 'orders', 'ClientService')).toBe('all');
    expect(historyAccess(['Manager'], 'catalogue', 'CatalogueService')).toBe('all');
  });
});
