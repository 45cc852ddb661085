import { canonicalRoles, isActiveAdmin, removesLastAdmin, roleChange } from './staff-admin.policy';

describe('the last Admin rule', () => {
  const admin = { active: true, roles: ['Admin' as const] };

  it('refuses taking the Admin role from the only active Admin', () => {
    expect(removesLastAdmin(admin, { active: true, roles: ['Manager'] }, 0)).toBe(true);
  });

  it('refuses deactivating the only active Admin', () => {
    expect(removesLastAdmin(admin, { active: false, roles: ['Admin'] }, 0)).toBe(true);
  });

  it('allows it when another active Admin remains', () => {
    expect(removesLastAdmin(admin, { active: true, roles: [] }, 1)).toBe(false);
  });

  it('does not apply to users who are not active Admins, or who stay one', () => {
    expect(removesLastAdmin({ active: false, roles: ['Admin'] }, { active: false, roles: [] }, 0)).toBe(false);
    expect(removesLastAdmin({ active: true, roles: ['Manager'] }, { active: true, roles: [] }, 0)).toBe(false);
    expect(removesLastAdmin(admin, { active: true, roles: ['Admin', 'Manager'] }, 0)).toBe(false);
  });

  it('counts only active users with the Admin role', () => {
    expect(isActiveAdmin(admin)).toBe(true);
    expect(isActiveAdmin({ active: false, roles: ['Admin'] })).toBe(false);
    expect(isActiveAdmin({ active: true, roles: ['Salesagent'] })).toBe(false);
  });
});

describe('role changes', () => {
  it('orders roles canonically and drops duplicates', () => {
    expect(canonicalRoles(['Salesagent', 'Admin', 'Salesagent'])).toEqual(['Admin', 'Salesagent']);
  });

  it('tells what was added and removed', () => {
    expect(roleChange(['Manager', 'Salesagent'], ['Salesagent', 'ServiceProvider'])).toEqual({
      added: ['ServiceProvider'],
      removed: ['Manager'],
      changed: true,
    });
    expect(roleChange(['Manager'], ['Manager']).changed).toBe(false);
  });
});
