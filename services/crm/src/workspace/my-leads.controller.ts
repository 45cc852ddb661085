import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { LeadTableQuerySchema, UpdateLeadNotesSchema } from '@backoffice/contracts';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
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
  page(@CurrentUser() user: CurrentUserData, @Query() query: MyLeadsQuery) {
    return this.myLeads.page(user.id, query);
  }

  @Get('summary')
  summary(@CurrentUser() user: CurrentUserData) {
    return this.myLeads.summary(user.id);
  }

  @Patch(':id')
  updateNotes(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams, @Body() body: UpdateNotesBody) {
    return this.myLeads.updateNotes(user.id, params.id, body.notes);
  }
}
