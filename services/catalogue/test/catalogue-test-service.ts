import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { configureCatalogueHttp } from '../src/catalogue.http';

export interface CatalogueTestService extends TestService {
  fileStoreDir: string;
}

/** The catalogue's real AppModule with multipart uploads, a fresh database and a temporary file store. */
export async function startCatalogue(env: Record<string, string> = {}): Promise<CatalogueTestService> {
  const fileStoreDir = mkdtempSync(join(tmpdir(), 'catalogue-files-'));
  const service = await startTestService(() => require('../src/app.module').AppModule, {
    service: 'catalogue',
    configure: configureCatalogueHttp,
    env: { FILE_STORE_DIR: fileStoreDir, SEED_DEMO_DATA: 'false', ...env },
  });
  return {
    ...service,
    fileStoreDir,
    close: async () => {
      await service.close();
      rmSync(fileStoreDir, { recursive: true, force: true });
    },
  };
}

/** Tiny but real images (and impostors) for upload tests. */
export const SAMPLE = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  text: Buffer.from('this is not an image, whatever its name says\n'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

/** POST /api/catalogue/files with one file part. */
export function upload(
  service: TestService,
  bytes: Buffer,
  name: string,
  type = 'image/png',
  options: { roles?: ('Admin' | 'Manager' | 'Salesagent' | 'ServiceProvider')[]; token?: string | null } = {},
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return service.request('/api/catalogue/files', { method: 'POST', body: form, ...options });
}

/** POSTs `body` to `path` as a Manager and answers what the service created (anything but 201 fails the test). */
export async function created<T>(service: TestService, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await service.request(path, { method: 'POST', json: body, roles: ['Manager'] });
  if (response.status !== 201) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
  return json<T>(response);
}

/** Uploads a PNG and answers its URL. */
export async function uploadedImage(service: TestService): Promise<string> {
  const response = await upload(service, SAMPLE.png, 'photo.png');
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

export const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

export const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path).sort();
