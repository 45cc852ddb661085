import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { ExtractLeadRequestSchema, ExtractLeadsRequestSchema, LeadImportJobSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { IntIdParams, JobIdParams } from '../http/id.params';
import { LeadExtractionService } from './lead-extraction.service';

class ExtractLeadsBody extends createZodDto(ExtractLeadsRequestSchema) {}
class ExtractLeadBody extends createZodDto(ExtractLeadRequestSchema) {}

@ApiController({ tag: 'leads', path: 'api/leads', roles: ['Manager'] })
export class LeadExtractionController {
  constructor(private readonly extraction: LeadExtractionService) {}

  /** 202 {jobId}: the extraction runs on a worker; poll GET /api/leads/jobs/{jobId}. */
  @Post('uploads/:id/extract')
  @HttpCode(202)
  @ApiResult(z.object({ jobId: z.string() }), {
    summary: 'Start extracting the leads of an upload',
    description:
      'Accepted: the extraction job, to follow at GET /api/leads/jobs/{jobId}. 409 already_imported (field `again`) when the same file content was already imported.',
  })
  extract(@Param() params: IntIdParams, @Body() body: ExtractLeadBody) {
    return this.extraction.extract(params.id, body.duplicates, body.again);
  }

  /** Extract All: one job per pending file. */
  @Post('uploads/extract')
  @HttpCode(202)
  @ApiResult(
    z.object({
      jobs: z.array(z.object({ uploadId: z.number().int(), jobId: z.string() })),
      alreadyImported: z.array(z.number().int()).meta({ description: 'Uploads left pending: their content was already imported.' }),
    }),
    {
      summary: 'Start extracting every pending upload',
      description: 'Accepted: one extraction job per upload, except files whose content was already imported (each needs its own choice).',
    },
  )
  extractAll(@Body() body: ExtractLeadsBody) {
    return this.extraction.extractAll(body.duplicates);
  }

  @Get('jobs/:jobId')
  @ApiResult(LeadImportJobSchema, { summary: 'Progress of an extraction job' })
  job(@Param() params: JobIdParams) {
    return this.extraction.job(params.jobId);
  }
}
