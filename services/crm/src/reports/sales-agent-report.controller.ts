import { Get, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { SalesAgentReportQuerySchema, SalesAgentReportSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { attachment } from '../template/lead-workbooks';
import { salesAgentCsvFileName, salesAgentReportCsv } from './sales-agent-report.csv';
import { SalesAgentReports } from './sales-agent-report.service';

class SalesAgentReportQueryDto extends createZodDto(SalesAgentReportQuerySchema) {}

@ApiController({ tag: 'reports', path: 'api/reports', roles: ['Manager'] })
export class SalesAgentReportController {
  constructor(private readonly reports: SalesAgentReports) {}

  /** Per sales agent: leads assigned in the period, those that became clients (orders by phone or email), their amounts. */
  @Get('sales-agents')
  @ApiResult(SalesAgentReportSchema, { summary: 'Sales agent report for a period' })
  salesAgents(@Query() query: SalesAgentReportQueryDto) {
    return this.reports.build(query);
  }

  /** The same figures as CSV, with a totals row. */
  @Get('sales-agents/export.csv')
  @ApiProduces('text/csv')
  @ApiResult(z.string(), { summary: 'Sales agent report as CSV', contentType: 'text/csv' })
  async salesAgentsCsv(@Query() query: SalesAgentReportQueryDto, @Res() reply: FastifyReply) {
    const report = await this.reports.build(query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(salesAgentCsvFileName(report)))
      .header('cache-control', 'no-store')
      .send(salesAgentReportCsv(report));
  }
}
