import {
  CATALOGUE_FILES_PATH,
  WEB_PAGES_PATHS,
  type CatalogueFile,
  type WebArticle,
  type WebArticleInput,
  type WebPage,
} from '@backoffice/contracts';
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

/** Uploads one image to the catalogue file store; answers its id and URL. */
export function uploadCatalogueImage(file: File, signal?: AbortSignal): Promise<CatalogueFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<CatalogueFile>(CATALOGUE_FILES_PATH, { method: 'POST', body: form, signal });
}
