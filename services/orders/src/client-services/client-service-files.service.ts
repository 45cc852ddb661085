import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CLIENT_SERVICE_FILE_MAX_BYTES, type ClientServiceFile, type ClientServiceFileKind } from '@backoffice/contracts';
import { DomainError, InvalidInputError, NotFoundError } from '@backoffice/platform';
import { CatalogueServiceEntity } from '../catalogue-read-model/catalogue-service.entity';
import type { Reader } from './client-service-access.policy';
import { ClientServiceFileEntity } from './client-service-file.entity';
import { toClientServiceFile } from './client-service.view';
import { isImageType, safeFileName, sniffContentType } from './file-content.policy';
import { readableClientService } from './client-service.repository';

/**
 * Files of a client service, kept in its database: documents the client sent (optionally answering
 * one of the service's required files) and images of transactions. The type is read from the bytes.
 */
@Injectable()
export class ClientServiceFiles {
  constructor(private readonly em: EntityManager) {}

  async upload(
    clientServiceId: string,
    query: { name: string; kind: ClientServiceFileKind; requiredFileId?: number },
    body: unknown,
    reader: Reader,
  ): Promise<ClientServiceFile> {
    const em = this.em.fork();
    const cs = await readableClientService(em, clientServiceId, reader);
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new InvalidInputError([{ path: '(body)', message: 'Send the file’s bytes as the request body.' }]);
    }
    if (body.length > CLIENT_SERVICE_FILE_MAX_BYTES) {
      throw new DomainError('too_large', `A file may have at most ${CLIENT_SERVICE_FILE_MAX_BYTES / 1024 / 1024} MB.`, 413);
    }
    const type = sniffContentType(body);
    if (query.kind === 'transaction' && !isImageType(type)) {
      throw new InvalidInputError([{ path: '(body)', message: 'A transaction image must be a PNG, JPEG, GIF or WebP image.' }]);
    }
    if (!type) throw new InvalidInputError([{ path: '(body)', message: 'The file must be an image (PNG, JPEG, GIF, WebP) or a PDF.' }]);
    if (query.requiredFileId !== undefined) {
      if (query.kind !== 'document') {
        throw new InvalidInputError([{ path: 'requiredFileId', message: 'Only a document answers a required file.' }]);
      }
      const service = await em.findOne(CatalogueServiceEntity, { id: cs.serviceId });
      if (!service?.requiredFiles.some((file) => file.id === query.requiredFileId)) {
        throw new InvalidInputError([{ path: 'requiredFileId', message: 'The service does not require this file.' }]);
      }
    }
    const file = em.create(ClientServiceFileEntity, {
      clientServiceId,
      kind: query.kind,
      requiredFileId: query.requiredFileId ?? null,
      name: safeFileName(query.name),
      contentType: type,
      size: body.length,
      data: body,
      uploadedBy: reader.id,
      createdAt: new Date(),
    });
    await em.flush();
    return toClientServiceFile(file);
  }

  async download(clientServiceId: string, fileId: string, reader: Reader): Promise<{ name: string; contentType: string; data: Buffer }> {
    const em = this.em.fork();
    await readableClientService(em, clientServiceId, reader);
    const file = await em.findOne(ClientServiceFileEntity, { id: fileId, clientServiceId }, { populate: ['data'] });
    if (!file) throw new NotFoundError('File', fileId);
    return { name: file.name, contentType: file.contentType, data: file.data };
  }
}
