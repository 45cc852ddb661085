import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { InvalidInputError, SERVICE_CONFIG } from '@backoffice/platform';
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

/** Reads the one file of a multipart request (field "file"); refuses anything else with a 400 on `file`. */
export async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new InvalidInputError([{ path: 'file', message: 'Send the image as multipart/form-data in the field "file".' }]);
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw new InvalidInputError([{ path: 'file', message: multipartMessage(error, maxBytes) }]);
  }
  if (!part) throw new InvalidInputError([{ path: 'file', message: 'Choose an image to upload.' }]);
  try {
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    throw new InvalidInputError([{ path: 'file', message: multipartMessage(error, maxBytes) }]);
  }
}

function multipartMessage(error: unknown, maxBytes: number): string {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return `The image is larger than ${formatMegabytes(maxBytes)}.`;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return 'Send one image at a time.';
  return 'The upload could not be read; send the image as multipart/form-data.';
}
