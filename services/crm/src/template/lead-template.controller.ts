import { Controller, Get, Header } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '@backoffice/platform';
import { attachment, leadTemplate, XLSX_TYPE } from './lead-workbooks';

@ApiTags('leads')
@Roles('Manager')
@Controller('api/leads')
export class LeadTemplateController {
  private cached?: Promise<Buffer>;

  /** The spreadsheet to fill: the header row and an example row (built once per process). */
  @Get('template.xlsx')
  @ApiProduces(XLSX_TYPE)
  @Header('content-type', XLSX_TYPE)
  @Header('content-disposition', attachment('leads-template.xlsx'))
  @Header('cache-control', 'private, max-age=3600')
  template() {
    this.cached ??= leadTemplate();
    return this.cached;
  }
}
