import { hasRequiredRole } from './role-policy';

describe('hasRequiredRole', () => {
  it('lets any signed-in user through a route without required roles', () => {
    expect(hasRequiredRole([], undefined)).toBe(true);
    expect(hasRequiredRole(['Salesagent'], [])).toBe(true);
  });
  it('lets Admin through everything', () => {
    expect(hasRequiredRole(['Admin'], ['Manager'])).toBe(true);
  });
  it('needs one of the required roles otherwise', () => {
    expect(hasRequiredRole(['Manager'], ['Admin', 'Manager'])).toBe(true);
    expect(hasRequiredRole(['Salesagent'], ['Manager'])).toBe(false);
    expect(hasRequiredRole(['ServiceProvider', 'Salesagent'], ['ServiceProvider'])).toBe(true);
  });
});
