import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { type MultipartRequest, receiveSingleFile, SERVICE_CONFIG } from '@backoffice/platform';
import type { CatalogueConfig } from '../catalogue.config';
import { formatMegabytes } from './image-type.policy';

/** The service's `configure` hook (main.ts and tests): multipart uploads, limited to one file. */
export async function registerUploads(app: NestFastifyApplication): Promise<void> {
  const config = app.get<CatalogueConfig>(SERVICE_CONFIG);
  await app.register(multipart as never, {
    limits: { fileSize: config.FILE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
  });
}

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** Reads the one image of a multipart request (field "file"); refuses anything else with a 400 on `file`. */
export function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  return receiveSingleFile(
    request as unknown as MultipartRequest,
    {
      consume: async ({ file, filename, signal }) => {
        signal.addEventListener('abort', () => file.destroy(signal.reason as Error), { once: true });
        return { bytes: await buffer(file), fileName: filename };
      },
    },
    { what: 'an image', tooLarge: `The image is larger than ${formatMegabytes(maxBytes)}.` },
  );
}
