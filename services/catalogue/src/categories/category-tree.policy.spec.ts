import { deleteRefusal, moveProblem } from './category-tree.policy';

describe('moveProblem', () => {
  it('allows moving to the root or under an unrelated category', () => {
    expect(moveProblem(5, null, [])).toBeUndefined();
    expect(moveProblem(5, 7, [7, 1])).toBeUndefined();
  });

  it('refuses a category as its own parent or under one of its descendants', () => {
    expect(moveProblem(5, 5, [5])).toMatch(/inside itself/);
    // 9 is a grandchild of 5: its chain is 9 → 8 → 5 → 1.
    expect(moveProblem(5, 9, [9, 8, 5, 1])).toMatch(/inside itself or one of its own subcategories/);
  });
});

describe('deleteRefusal', () => {
  it('allows deleting an empty category', () => {
    expect(deleteRefusal(0, 0)).toBeUndefined();
  });

  it('names what is still inside, in singular or plural', () => {
    expect(deleteRefusal(1, 0)).toBe('This category still has 1 subcategory. Delete or move them first.');
    expect(deleteRefusal(0, 3)).toBe('This category still has 3 services. Delete or move them first.');
    expect(deleteRefusal(2, 1)).toBe('This category still has 2 subcategories and 1 service. Delete or move them first.');
  });
});
