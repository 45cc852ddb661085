import { clientServiceSearchCondition } from './client-service-search.policy';

describe('client service search', () => {
  it('searches names by any part and ids by their start, in lower case', () => {
    const { sql, params } = clientServiceSearchCondition('AB12_');
    expect(sql).toContain('cs.service_name ilike ?');
    expect(sql).toContain('cs.order_id::text like ?');
    expect(params).toEqual(['%AB12\\_%', '%AB12\\_%', '%AB12\\_%', 'ab12\\_%', 'ab12\\_%']);
  });
});
