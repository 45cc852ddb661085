import { articleParentProblem, MAX_ARTICLE_DEPTH, type ArticleNode } from './article-parent.policy';

const node = (id: number, parentId: number | null = null, page: ArticleNode['page'] = 'About'): ArticleNode => ({ id, page, parentId });

describe('articleParentProblem', () => {
  it('accepts an existing parent of the same page', () => {
    expect(articleParentProblem(undefined, 'About', [node(1)])).toBeUndefined();
    expect(articleParentProblem(5, 'About', [node(2, 1), node(1)])).toBeUndefined();
  });

  it('refuses a parent that does not exist', () => {
    expect(articleParentProblem(undefined, 'About', [])).toBe('The parent article does not exist.');
  });

  it('refuses the article itself as its parent', () => {
    expect(articleParentProblem(3, 'About', [node(3)])).toBe('An article cannot be its own parent.');
  });

  it('refuses a parent on another page', () => {
    expect(articleParentProblem(undefined, 'Team', [node(1)])).toBe('The parent article is on the About page, not on Team.');
  });

  it('refuses a cycle: the parent is below the article', () => {
    expect(articleParentProblem(1, 'About', [node(3, 2), node(2, 1), node(1)])).toBe(
      'The parent article is one of this article’s children.',
    );
  });

  it('refuses trees deeper than the limit', () => {
    const chain = Array.from({ length: MAX_ARTICLE_DEPTH }, (_, i) => node(100 - i, 99 - i));
    expect(articleParentProblem(undefined, 'About', chain)).toMatch(/at most/);
  });
});
