import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { ExtractLeadsRequestSchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { IntIdParams, JobIdParams } from '../http/id-params';
import { LeadExtractionService } from './lead-extraction.service';

class ExtractLeadsBody extends createZodDto(ExtractLeadsRequestSchema) {}

@ApiTags('leads')
@Roles('Manager')
@Controller('api/leads')
export class LeadExtractionController {
  constructor(private readonly extraction: LeadExtractionService) {}

  /** 202 {jobId}: the extraction runs on a worker; poll GET /api/leads/jobs/{jobId}. */
  @Post('uploads/:id/extract')
  @HttpCode(202)
  extract(@Param() params: IntIdParams, @Body() body: ExtractLeadsBody) {
    return this.extraction.extract(params.id, body.duplicates);
  }

  /** Extract All: one job per pending file. */
  @Post('uploads/extract')
  @HttpCode(202)
  extractAll(@Body() body: ExtractLeadsBody) {
    return this.extraction.extractAll(body.duplicates);
  }

  @Get('jobs/:jobId')
  job(@Param() params: JobIdParams) {
    return this.extraction.job(params.jobId);
  }
}
