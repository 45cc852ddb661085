import { createHash } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { CATALOGUE_FILES_PATH, catalogueImageId, type CatalogueFile, type FieldError } from '@backoffice/contracts';
import { InvalidInputError, NotFoundError, SERVICE_CONFIG } from '@backoffice/platform';
import type { CatalogueConfig } from '../catalogue.config';
import { CatalogueFileEntity } from './catalogue-file.entity';
import { FileStore } from './file-store';
import { acceptedImageType, cleanFileName, IMAGE_TYPE_REFUSED, imageSizeProblem } from './image-type.policy';

export const fileUrl = (id: string) => `${CATALOGUE_FILES_PATH}/${id}`;

export function toCatalogueFile(record: CatalogueFileEntity): CatalogueFile {
  return { id: record.id, url: fileUrl(record.id), contentType: record.contentType, size: record.size, name: record.originalName };
}

@Injectable()
export class FilesService {
  private readonly logger = new Logger('FilesService');

  constructor(
    private readonly em: EntityManager,
    private readonly store: FileStore,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  /** Keeps an uploaded image after checking its size and, by its bytes, its type. */
  async upload(bytes: Buffer, fileName: string | undefined, userId: string | null): Promise<CatalogueFile> {
    const sizeProblem = imageSizeProblem(bytes.length, this.config.FILE_MAX_BYTES);
    if (sizeProblem) throw new InvalidInputError([{ path: 'file', message: sizeProblem }]);
    const sniffed = await fileTypeFromBuffer(bytes);
    const contentType = acceptedImageType(sniffed?.mime);
    if (!contentType) throw new InvalidInputError([{ path: 'file', message: IMAGE_TYPE_REFUSED }]);

    const record = this.em.create(CatalogueFileEntity, {
      contentType,
      size: bytes.length,
      originalName: cleanFileName(fileName),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdBy: userId,
    });
    await this.store.write(record.id, bytes);
    try {
      await this.em.persistAndFlush(record);
    } catch (error) {
      await this.store.remove(record.id).catch(() => undefined);
      throw error;
    }
    return toCatalogueFile(record);
  }

  /** The record and a stream of its bytes. */
  async open(id: string): Promise<{ record: CatalogueFileEntity; stream: ReadStream }> {
    const record = await this.em.findOne(CatalogueFileEntity, { id });
    if (!record) throw new NotFoundError('Image', id);
    const stream = await this.store.open(id);
    if (!stream) {
      this.logger.warn(`image ${id} has a record but no bytes in ${this.store.root}`);
      throw new NotFoundError('Image', id);
    }
    return { record, stream };
  }

  /** Field errors for images that were never uploaded here (`images.2: …`). */
  async unknownImages(em: EntityManager, urls: readonly string[], field = 'images'): Promise<FieldError[]> {
    if (urls.length === 0) return [];
    const ids = urls.map(catalogueImageId);
    const found = new Set((await em.find(CatalogueFileEntity, { id: { $in: ids } }, { fields: ['id'] })).map((r) => r.id));
    return ids.flatMap((id, index) =>
      found.has(id) ? [] : [{ path: `${field}.${index}`, message: 'This image was not found; upload it again.' }],
    );
  }
}
