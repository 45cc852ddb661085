import type { FastifyRequest } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { type MultipartRequest, receiveSingleFile } from '@backoffice/platform';
import { formatMegabytes } from './image-type.policy';

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
