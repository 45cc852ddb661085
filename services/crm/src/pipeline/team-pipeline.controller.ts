import { Body, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { PipelinePageSchema, ReassignLeadsResultSchema, ReassignLeadsSchema, TeamPipelineQuerySchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { LeadAssignmentsService } from '../assignment/lead-assignments.service';
import { PipelineService } from './pipeline.service';

class TeamQuery extends createZodDto(TeamPipelineQuerySchema) {}
class ReassignBody extends createZodDto(ReassignLeadsSchema) {}

/** The team view of Managers and Admins: every agent's leads, and moving leads between agents. */
@ApiController({ tag: 'leads', path: 'api/leads/team', roles: ['Manager'] })
export class TeamPipelineController {
  constructor(
    private readonly pipeline: PipelineService,
    private readonly assignments: LeadAssignmentsService,
  ) {}

  /** Every agent's leads (one row per agent and lead), filtered by agent, stage, due follow-ups, search. */
  @Get()
  @ApiResult(PipelinePageSchema, { summary: "List every agent's leads (team view)" })
  page(@Query() query: TeamQuery) {
    return this.pipeline.page(query, query.userId);
  }

  /** Moves the leads to one agent, keeping their stage, follow-up and notes. */
  @Post('reassign')
  @HttpCode(200)
  @ApiResult(ReassignLeadsResultSchema, { summary: 'Reassign leads to another sales agent' })
  reassign(@Body() body: ReassignBody, @Headers('authorization') authorization?: string) {
    return this.assignments.reassign(body, authorization);
  }
}
