import { ApiError } from './api-error';
import { refreshSession } from './api-fetch';
import { sessionStore } from './session-store';

/**
 * A protected file (exports, templates, client service files) as a Blob: fetched with the
 * session's token, refreshing it once on a 401 as apiFetch does; a failure throws an ApiError.
 */
export async function fetchBlob(path: string): Promise<Blob> {
  const send = () => {
    const token = sessionStore.getAccessToken();
    return fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession()) === 'refreshed') response = await send();
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { title?: string; detail?: string } | null;
    throw new ApiError({
      type: 'about:blank',
      title: problem?.title ?? 'Download failed',
      status: response.status,
      detail: problem?.detail ?? `The download failed (HTTP ${response.status}).`,
    });
  }
  return response.blob();
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a protected file and saves it (the API needs the bearer token, so no plain links). */
export async function download(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchBlob(path), fileName);
}
