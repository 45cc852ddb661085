import { Body, Get, Param, Patch, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import {
  LeadSchema,
  MyLeadsActivitySchema,
  MyLeadsSummarySchema,
  PipelinePageSchema,
  PipelineQuerySchema,
  PipelineSummaryQuerySchema,
  UpdateLeadNotesSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { IntIdParams } from '../http/id.params';
import { PipelineService } from '../pipeline/pipeline.service';
import { MyLeadsService } from './my-leads.service';

class MyLeadsQuery extends createZodDto(PipelineQuerySchema) {}
class SummaryQuery extends createZodDto(PipelineSummaryQuerySchema) {}
class UpdateNotesBody extends createZodDto(UpdateLeadNotesSchema) {}

/** The sales agent's workspace: their own leads only. */
@ApiController({ tag: 'leads', path: 'api/leads/mine', roles: ['Salesagent'] })
export class MyLeadsController {
  constructor(
    private readonly myLeads: MyLeadsService,
    private readonly pipeline: PipelineService,
  ) {}

  /** The caller's leads, newest assignment first (draw/start/length/search), filtered by stage, due follow-ups or a card. */
  @Get()
  @ApiResult(PipelinePageSchema, { summary: 'List my leads (sales agent)' })
  page(@CurrentUser() user: CurrentUserData, @Query() query: MyLeadsQuery) {
    return this.pipeline.page(query, user.id);
  }

  /** Totals, the workspace cards (due today, overdue, new this week, converted this month) and leads per stage. */
  @Get('summary')
  @ApiResult(MyLeadsSummarySchema, { summary: 'Counts of my leads (sales agent)' })
  summary(@CurrentUser() user: CurrentUserData, @Query() query: SummaryQuery) {
    return this.pipeline.summary(user.id, query.tz);
  }

  /** The agent's last 30 days: leads assigned, their own actions on leads (notes, stages, follow-ups) and conversions. */
  @Get('activity')
  @ApiResult(MyLeadsActivitySchema, { summary: 'My last 30 days, day by day (sales agent)' })
  activity(@CurrentUser() user: CurrentUserData, @Query() query: SummaryQuery) {
    return this.myLeads.activity(user.id, query.tz);
  }

  @Patch(':id')
  @ApiResult(LeadSchema, { summary: 'Update the notes of one of my leads' })
  updateNotes(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams, @Body() body: UpdateNotesBody) {
    return this.myLeads.updateNotes(user, params.id, body.notes);
  }
}
