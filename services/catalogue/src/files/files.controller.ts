import { Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { CATALOGUE_IMAGE_MAX_BYTES, CatalogueFileIdSchema, CatalogueFileSchema } from '@backoffice/contracts';
import {
  ApiController,
  ApiResult,
  BodyLimit,
  CurrentUser,
  type CurrentUserData,
  MULTIPART_ENVELOPE_BYTES,
  Public,
  Roles,
  SERVICE_CONFIG,
} from '@backoffice/platform';
import type { CatalogueConfig } from '../catalogue.config';
import { FilesService } from './files.service';
import { readSingleFile } from './uploads';

class FileIdParams extends createZodDto(CatalogueFileIdSchema) {}

/** Catalogue images: uploaded by staff, served to anyone (they appear in <img> tags and on the storefront). */
@ApiController({ tag: 'catalogue files', path: 'api/catalogue/files' })
export class FilesController {
  constructor(
    private readonly files: FilesService,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Roles('Manager')
  @BodyLimit(CATALOGUE_IMAGE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiResult(CatalogueFileSchema, { summary: 'Upload a catalogue image' })
  async upload(@Req() request: FastifyRequest, @CurrentUser() user: CurrentUserData) {
    const { bytes, fileName } = await readSingleFile(request, this.config.FILE_MAX_BYTES);
    return this.files.upload(bytes, fileName, user.id);
  }

  @Public()
  @Get(':id')
  @ApiResult(z.string().meta({ format: 'binary' }), { summary: 'Download a catalogue image', contentType: 'image/*' })
  async download(@Param() params: FileIdParams, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const { record, stream } = await this.files.open(params.id);
    const etag = `"${record.sha256}"`;
    void reply.headers({
      // The bytes of an id never change.
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'last-modified': record.createdAt.toUTCString(),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    });
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      stream.destroy();
      return reply.status(304).send();
    }
    return reply.type(record.contentType).header('content-length', record.size).send(stream);
  }
}
