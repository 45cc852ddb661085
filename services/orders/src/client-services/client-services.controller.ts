import { Body, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import {
  CLIENT_SERVICE_FILE_MAX_BYTES,
  ClientServiceCountsQuerySchema,
  ClientServiceCountsSchema,
  ClientServiceDetailSchema,
  ClientServiceFileSchema,
  ClientServiceListQuerySchema,
  ClientServiceListSchema,
  CommandResultSchema,
  SubmitOrderItemSchema,
  UploadFileQuerySchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, BodyLimit, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { ClientServiceFiles } from './client-service-files.service';
import { SubmitOrderItemCommand } from './commands/submit-order-item.handler';
import { CountClientServicesQuery } from './queries/count-client-services.handler';
import { GetClientServiceQuery } from './queries/get-client-service.handler';
import { ListClientServicesQuery } from './queries/list-client-services.handler';

class SubmitOrderItemDto extends createZodDto(SubmitOrderItemSchema) {}
class ClientServiceListQueryDto extends createZodDto(ClientServiceListQuerySchema) {}
class ClientServiceCountsQueryDto extends createZodDto(ClientServiceCountsQuerySchema) {}
class UploadFileQueryDto extends createZodDto(UploadFileQuerySchema) {}
class ClientServiceIdParams extends createZodDto(z.object({ id: z.uuid('The client service id must be a UUID.') })) {}
class ClientServiceFileParams extends createZodDto(
  z.object({ id: z.uuid('The client service id must be a UUID.'), fileId: z.uuid('The file id must be a UUID.') }),
) {}

@ApiController({ tag: 'client services', path: 'api/client-services' })
export class ClientServicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly files: ClientServiceFiles,
  ) {}

  /**
   * Client services, newest first, optionally searched and of one status; a ServiceProvider gets the ones assigned to
   * them. Without page and pageSize every row as an array; with them, that page as {items, total, page, pageSize}.
   */
  @Get()
  @Roles('Manager', 'ServiceProvider')
  @ApiResult(ClientServiceListSchema, {
    summary: 'List client services',
    description:
      'An array of every matching client service, or one page of them ({items, total, page, pageSize}) when page or pageSize is given.',
  })
  list(@Query() query: ClientServiceListQueryDto, @CurrentUser() user: CurrentUserData) {
    return this.queries.execute(new ListClientServicesQuery(user, query));
  }

  /** A provider's own figures (every client service's for a Manager): by status, open, new and completed this week. */
  @Get('counts')
  @Roles('Manager', 'ServiceProvider')
  @ApiResult(ClientServiceCountsSchema, { summary: 'Count client services by status, and this week’s new and completed' })
  counts(@Query() query: ClientServiceCountsQueryDto, @CurrentUser() user: CurrentUserData) {
    return this.queries.execute(new CountClientServicesQuery(user, query.tz));
  }

  @Get(':id')
  @Roles('Manager', 'ServiceProvider')
  @ApiResult(ClientServiceDetailSchema, { summary: 'Get a client service' })
  get(@Param() params: ClientServiceIdParams, @CurrentUser() user: CurrentUserData) {
    return this.queries.execute(new GetClientServiceQuery(params.id, user));
  }

  /** "Submit to Client Services" on a receipt → {success, message, title}; an item already submitted is refused. */
  @Post('submit')
  @HttpCode(200)
  @Roles('Manager')
  @ApiResult(CommandResultSchema, { summary: 'Submit an order item to client services' })
  submit(@Body() body: SubmitOrderItemDto, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new SubmitOrderItemCommand(body.orderId, body.itemId, user));
  }

  /** Upload one file: its bytes are the body (image/*, application/pdf or application/octet-stream). */
  @Post(':id/files')
  @Roles('Manager', 'ServiceProvider')
  @BodyLimit(CLIENT_SERVICE_FILE_MAX_BYTES)
  @ApiResult(ClientServiceFileSchema, { status: 201, summary: 'Upload a file of a client service' })
  upload(
    @Param() params: ClientServiceIdParams,
    @Query() query: UploadFileQueryDto,
    @Req() request: FastifyRequest,
    @CurrentUser() user: CurrentUserData,
  ) {
    return this.files.upload(params.id, query, request.body, user);
  }

  @Get(':id/files/:fileId')
  @Roles('Manager', 'ServiceProvider')
  @ApiResult(z.string().meta({ format: 'binary' }), {
    summary: 'Download a file of a client service',
    contentType: 'application/octet-stream',
  })
  async download(@Param() params: ClientServiceFileParams, @CurrentUser() user: CurrentUserData, @Res() reply: FastifyReply) {
    const file = await this.files.download(params.id, params.fileId, user);
    return reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `inline; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(file.data);
  }
}
