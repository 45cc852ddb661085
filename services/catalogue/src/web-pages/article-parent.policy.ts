import type { WebPage } from '@backoffice/contracts';

/** The deepest parent chain followed; deeper trees are refused (the website shows two or three levels). */
export const MAX_ARTICLE_DEPTH = 10;

export interface ArticleNode {
  id: number;
  page: WebPage;
  parentId: number | null;
}

/**
 * Why an article (its id when it exists, and the page it is on) cannot have this parent, or
 * undefined when it can. `chain` is the chosen parent followed by its ancestors, nearest first;
 * an empty chain means the parent does not exist.
 */
export function articleParentProblem(articleId: number | undefined, page: WebPage, chain: readonly ArticleNode[]): string | undefined {
  const [parent] = chain;
  if (!parent) return 'The parent article does not exist.';
  if (articleId !== undefined && parent.id === articleId) return 'An article cannot be its own parent.';
  if (parent.page !== page) return `The parent article is on the ${parent.page} page, not on ${page}.`;
  if (articleId !== undefined && chain.some((node) => node.id === articleId))
    return 'The parent article is one of this article’s children.';
  if (chain.length >= MAX_ARTICLE_DEPTH) return `Articles nest at most ${MAX_ARTICLE_DEPTH} levels deep.`;
  return undefined;
}
