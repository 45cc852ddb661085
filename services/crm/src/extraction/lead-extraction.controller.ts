import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { ExtractLeadsRequestSchema, LeadImportJobSchema } from '@backoffice/contracts';
import { ApiResult, Roles } from '@backoffice/platform';
import { IntIdParams, JobIdParams } from '../http/id.params';
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
  @ApiResult(z.object({ jobId: z.string() }), {
    summary: 'Start extracting the leads of an upload',
    description: 'Accepted: the extraction job, to follow at GET /api/leads/jobs/{jobId}.',
  })
  extract(@Param() params: IntIdParams, @Body() body: ExtractLeadsBody) {
    return this.extraction.extract(params.id, body.duplicates);
  }

  /** Extract All: one job per pending file. */
  @Post('uploads/extract')
  @HttpCode(202)
  @ApiResult(z.object({ jobs: z.array(z.object({ uploadId: z.number().int(), jobId: z.string() })) }), {
    summary: 'Start extracting every pending upload',
    description: 'Accepted: one extraction job per upload.',
  })
  extractAll(@Body() body: ExtractLeadsBody) {
    return this.extraction.extractAll(body.duplicates);
  }

  @Get('jobs/:jobId')
  @ApiResult(LeadImportJobSchema, { summary: 'Progress of an extraction job' })
  job(@Param() params: JobIdParams) {
    return this.extraction.job(params.jobId);
  }
}
