import { Body, Get, Headers, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import {
  AssignableLeadsQuerySchema,
  DistributeLeadsResultSchema,
  DistributeLeadsSchema,
  LeadTablePageSchema,
  UnassignedLeadIdsQuerySchema,
  UpdateUserLeadsResultSchema,
  UpdateUserLeadsSchema,
  UserLeadsSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { UserIdParams } from '../http/id.params';
import { LeadAssignmentsService } from './lead-assignments.service';

class AssignableQuery extends createZodDto(AssignableLeadsQuerySchema) {}
class UnassignedIdsQuery extends createZodDto(UnassignedLeadIdsQuerySchema) {}
class UpdateUserLeadsBody extends createZodDto(UpdateUserLeadsSchema) {}
class DistributeBody extends createZodDto(DistributeLeadsSchema) {}

@ApiController({ tag: 'leads', path: 'api/leads', roles: ['Manager'] })
export class LeadAssignmentsController {
  constructor(private readonly assignments: LeadAssignmentsService) {}

  /** Leads with a phone, in table order, with their sellers (draw/start/length/search, `unassigned=true`). */
  @Get('assignable')
  @ApiResult(LeadTablePageSchema, { summary: 'List leads that can be assigned' })
  assignable(@Query() query: AssignableQuery) {
    return this.assignments.assignable(query);
  }

  /** Ids of the next leads nobody has, in table order, among those `search` matches (+10 / +100). */
  @Get('assignable/unassigned-ids')
  @ApiResult(z.array(z.number().int()), { summary: 'Ids of the first unassigned leads with a phone' })
  unassignedIds(@Query() query: UnassignedIdsQuery) {
    return this.assignments.unassignedIds(query.limit, query.search);
  }

  @Get('users/:userId')
  @ApiResult(UserLeadsSchema, { summary: 'The leads of a sales agent' })
  ofUser(@Param() params: UserIdParams) {
    return this.assignments.ofUser(params.userId);
  }

  /** `{changes:[{leadId, add}]}` applied in one transaction. */
  @Put('users/:userId')
  @ApiResult(UpdateUserLeadsResultSchema, { summary: 'Add or remove leads of a sales agent' })
  update(@Param() params: UserIdParams, @Body() body: UpdateUserLeadsBody, @Headers('authorization') authorization?: string) {
    return this.assignments.update(params.userId, body.changes, authorization);
  }

  /** Spreads N unassigned leads (those `search` matches) evenly over the chosen agents (round robin). */
  @Post('distribute')
  @ApiResult(DistributeLeadsResultSchema, { status: 201, summary: 'Distribute unassigned leads over sales agents' })
  distribute(@Body() body: DistributeBody, @Headers('authorization') authorization?: string) {
    return this.assignments.distribute(body, authorization);
  }
}
