import { Get, Logger, Param, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { LeadGroupSchema, LeadTablePageSchema, LeadTableQuerySchema, PageQuerySchema, pageSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { IntIdParams } from '../http/id.params';
import { attachment, streamWorkbook, XLSX_TYPE } from '../template/lead-workbooks';
import { EXPORT_COLUMNS } from './lead-group-export';
import { LeadGroupsService } from './lead-groups.service';

class GroupListQuery extends createZodDto(PageQuerySchema) {}
class LeadTableQueryDto extends createZodDto(LeadTableQuerySchema) {}

@ApiController({ tag: 'leads', path: 'api/leads/groups', roles: ['Manager'] })
export class LeadGroupsController {
  private readonly logger = new Logger('LeadGroupExport');

  constructor(private readonly groups: LeadGroupsService) {}

  @Get()
  @ApiResult(pageSchema(LeadGroupSchema, 'LeadGroupPage'), { summary: 'List lead groups' })
  list(@Query() query: GroupListQuery) {
    return this.groups.list(query);
  }

  /**
   * Server paging: draw/start/length/search → draw/recordsTotal/recordsFiltered/data. A search answers
   * at most its first 1,000 matches (SEARCH_RESULT_LIMIT): recordsFiltered stops at 1,000.
   */
  @Get(':id/leads')
  @ApiResult(LeadTablePageSchema, { summary: 'List the leads of a group' })
  leads(@Param() params: IntIdParams, @Query() query: LeadTableQueryDto) {
    return this.groups.page(params.id, query);
  }

  /** The whole group as a streamed xlsx. */
  @Get(':id/export.xlsx')
  @ApiProduces(XLSX_TYPE)
  @ApiResult(z.string().meta({ format: 'binary' }), {
    summary: 'Export the leads of a group as a spreadsheet',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
  async export(@Param() params: IntIdParams, @Res() reply: FastifyReply) {
    const group = await this.groups.get(params.id);
    const stream = streamWorkbook('Leads', EXPORT_COLUMNS, this.groups.exportRows(group.id), (error) =>
      this.logger.error(`export of group ${group.id} failed: ${error.message}`),
    );
    void reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`${group.name}.xlsx`))
      .send(stream);
  }
}
