import { Get, Logger, Param, Query, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { fromDigits, LeadRowErrorSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { IntIdParams } from '../http/id.params';
import { attachment, FAILED_ROW_COLUMNS, streamWorkbook, XLSX_TYPE } from '../template/lead-workbooks';
import { UploadErrorsService } from './upload-errors.service';

class ErrorPageQuery extends createZodDto(
  z.object({
    start: fromDigits(z.number().int().min(0)).default(0),
    length: fromDigits(z.number().int().min(1).max(500)).default(50),
  }),
) {}

@ApiController({ tag: 'leads', path: 'api/leads/uploads', roles: ['Manager'] })
export class UploadErrorsController {
  private readonly logger = new Logger('FailedRows');

  constructor(private readonly errors: UploadErrorsService) {}

  /** The rows the last extraction could not import: row number and reason. */
  @Get(':id/errors')
  @ApiResult(z.object({ total: z.number().int(), data: z.array(LeadRowErrorSchema) }), {
    summary: 'Rows of an upload that could not be imported',
  })
  page(@Param() params: IntIdParams, @Query() query: ErrorPageQuery) {
    return this.errors.page(params.id, query.start, query.length);
  }

  /** The same rows as an xlsx in the template's columns, the reason last: fix them and upload again. */
  @Get(':id/errors.xlsx')
  @ApiProduces(XLSX_TYPE)
  @ApiResult(z.string().meta({ format: 'binary' }), {
    summary: 'Rows of an upload that could not be imported, as a spreadsheet',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
  async sheet(@Param() params: IntIdParams, @Res() reply: FastifyReply) {
    const upload = await this.errors.upload(params.id);
    const name = `${upload.name.replace(/\.xlsx$/i, '')} - failed rows.xlsx`;
    const stream = streamWorkbook('Leads', FAILED_ROW_COLUMNS, this.errors.sheetRows(upload.id), (error) =>
      this.logger.error(`failed rows of upload ${upload.id}: ${error.message}`),
    );
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(stream);
  }
}
