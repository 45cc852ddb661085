import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { LeadSchema, LeadTablePageSchema, LeadTableQuerySchema, UpdateLeadNotesSchema } from '@backoffice/contracts';
import { ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { IntIdParams } from '../http/id-params';
import { MyLeadsService } from './my-leads.service';

class MyLeadsQuery extends createZodDto(LeadTableQuerySchema) {}
class UpdateNotesBody extends createZodDto(UpdateLeadNotesSchema) {}

/** The sales agent's workspace: their own leads only. */
@ApiTags('leads')
@Roles('Salesagent')
@Controller('api/leads/mine')
export class MyLeadsController {
  constructor(private readonly myLeads: MyLeadsService) {}

  /** The caller's leads, newest assignment first (draw/start/length/search). */
  @Get()
  @ApiResult(LeadTablePageSchema, { summary: 'List my leads (sales agent)' })
  page(@CurrentUser() user: CurrentUserData, @Query() query: MyLeadsQuery) {
    return this.myLeads.page(user.id, query);
  }

  @Get('summary')
  @ApiResult(z.object({ total: z.number().int(), withNotes: z.number().int(), duplicates: z.number().int() }), {
    summary: 'Counts of my leads (sales agent)',
  })
  summary(@CurrentUser() user: CurrentUserData) {
    return this.myLeads.summary(user.id);
  }

  @Patch(':id')
  @ApiResult(LeadSchema, { summary: 'Update the notes of one of my leads' })
  updateNotes(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams, @Body() body: UpdateNotesBody) {
    return this.myLeads.updateNotes(user.id, params.id, body.notes);
  }
}
