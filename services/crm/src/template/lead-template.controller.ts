import { Get, Header } from '@nestjs/common';
import { z } from 'zod';
import { ApiProduces } from '@nestjs/swagger';
import { ApiController, ApiResult } from '@backoffice/platform';
import { attachment, leadTemplate, XLSX_TYPE } from './lead-workbooks';

@ApiController({ tag: 'leads', path: 'api/leads', roles: ['Manager'] })
export class LeadTemplateController {
  private cached?: Promise<Buffer>;

  /** The spreadsheet to fill: the header row and an example row (built once per process). */
  @Get('template.xlsx')
  @ApiProduces(XLSX_TYPE)
  @Header('content-type', XLSX_TYPE)
  @Header('content-disposition', attachment('leads-template.xlsx'))
  @Header('cache-control', 'private, max-age=3600')
  @ApiResult(z.string().meta({ format: 'binary' }), {
    summary: 'The lead spreadsheet template',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
  template() {
    this.cached ??= leadTemplate();
    return this.cached;
  }
}
