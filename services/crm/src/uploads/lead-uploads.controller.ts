import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { IntIdParams } from '../http/id-params';
import { LeadUploadsService } from './lead-uploads.service';

@ApiTags('leads')
@Roles('Manager')
@Controller('api/leads/uploads')
export class LeadUploadsController {
  constructor(private readonly uploads: LeadUploadsService) {}

  /** One xlsx spreadsheet in the multipart field "file"; answers the upload record. */
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  upload(@Req() request: FastifyRequest, @CurrentUser() user: CurrentUserData) {
    return this.uploads.upload(request, user);
  }

  @Get()
  pending() {
    return this.uploads.pending();
  }

  @Delete()
  clearAll() {
    return this.uploads.removeAll();
  }

  @Delete(':id')
  @HttpCode(204)
  clear(@Param() params: IntIdParams) {
    return this.uploads.remove(params.id);
  }
}
