import { Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { z } from 'zod';
import { LeadUploadSchema } from '@backoffice/contracts';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiController, ApiResult, BodyLimit, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { IntIdParams } from '../http/id.params';
import { LeadUploadsService } from './lead-uploads.service';

@ApiController({ tag: 'leads', path: 'api/leads/uploads', roles: ['Manager'] })
export class LeadUploadsController {
  constructor(private readonly uploads: LeadUploadsService) {}

  /** One xlsx spreadsheet in the multipart field "file"; answers the upload record. */
  @Post()
  @BodyLimit('lead-upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiResult(LeadUploadSchema, { summary: 'Upload a lead spreadsheet' })
  upload(@Req() request: FastifyRequest, @CurrentUser() user: CurrentUserData) {
    return this.uploads.upload(request, user);
  }

  @Get()
  @ApiResult(z.array(LeadUploadSchema), { summary: 'List pending and failed lead uploads' })
  pending() {
    return this.uploads.pending();
  }

  @Delete()
  @ApiResult(z.object({ removed: z.number().int(), kept: z.number().int() }), { summary: 'Remove every lead upload not being extracted' })
  clearAll() {
    return this.uploads.removeAll();
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Remove a lead upload' })
  clear(@Param() params: IntIdParams) {
    return this.uploads.remove(params.id);
  }
}
