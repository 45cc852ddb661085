import { leadSearchCondition } from './lead-search.policy';

describe('lead search terms', () => {
  it('matches terms of 3 characters or more anywhere, every word', () => {
    expect(leadSearchCondition('  John   SMITH ')).toEqual({
      sql: 'search_text like ? and search_text like ?',
      params: ['%john%', '%smith%'],
    });
  });

  it('matches short terms at the start of a name, an email or a phone', () => {
    expect(leadSearchCondition('Jo', 'l')).toEqual({
      sql: '(lower(l.first_name) like ? or lower(l.last_name) like ? or l.email_key like ?)',
      params: ['jo%', 'jo%', 'jo%'],
    });
  });

  it('matches phone numbers by their digits, however they are written', () => {
    expect(leadSearchCondition('(555) 010-0001')).toEqual({ sql: 'search_text like ?', params: ['%5550100001%'] });
    expect(leadSearchCondition('55')).toEqual({ sql: 'phone_key like ?', params: ['55%'] });
  });

  it('takes LIKE wildcards literally and ignores an empty term', () => {
    expect(leadSearchCondition('100%')?.params).toEqual(['%100\\%%']);
    expect(leadSearchCondition('   ')).toBeUndefined();
  });
});
