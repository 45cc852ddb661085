import { WEB_PAGES_PATHS, type WebArticle, type WebArticleInput, type WebPage } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../../components/api';

/** The articles of one web page, by sort number (SWR key: the API path). */
export const useWebArticles = (page: WebPage | undefined) => useApi<WebArticle[]>(page ? WEB_PAGES_PATHS.articlesOfPage(page) : null);

/** POST (new) or PUT (with an id) an article; answers the saved article. */
export function saveWebArticle(body: WebArticleInput, id?: number): Promise<WebArticle> {
  return apiFetch<WebArticle>(id ? WEB_PAGES_PATHS.article(id) : WEB_PAGES_PATHS.articles, { method: id ? 'PUT' : 'POST', json: body });
}

export function deleteWebArticle(id: number): Promise<void> {
  return apiFetch<void>(WEB_PAGES_PATHS.article(id), { method: 'DELETE' });
}
