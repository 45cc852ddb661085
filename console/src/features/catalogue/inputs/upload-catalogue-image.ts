import { CATALOGUE_FILES_PATH, type CatalogueFile } from '@backoffice/contracts';
import { apiFetch } from '../../../components/api';

/** Uploads one image to the catalogue file store (checked again by content on the server); answers its id and URL. */
export function uploadCatalogueImage(file: File, signal?: AbortSignal): Promise<CatalogueFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<CatalogueFile>(CATALOGUE_FILES_PATH, { method: 'POST', body: form, signal });
}
