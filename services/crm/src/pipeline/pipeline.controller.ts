import { Body, Get, Param, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { AddLeadNoteSchema, LeadNoteSchema, PipelineLeadSchema, UpdatePipelineSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { IntIdParams } from '../http/id.params';
import { PipelineService } from './pipeline.service';

class UpdatePipelineBody extends createZodDto(UpdatePipelineSchema) {}
class AddNoteBody extends createZodDto(AddLeadNoteSchema) {}

/** Stage, follow-up and notes of one lead: a sales agent on their own leads (others are "not found"), Managers and Admins on any. */
@ApiController({ tag: 'leads', path: 'api/leads/pipeline', roles: ['Manager', 'Salesagent'] })
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Patch(':id')
  @ApiResult(PipelineLeadSchema, { summary: 'Change the stage or the follow-up date of a lead' })
  update(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams, @Body() body: UpdatePipelineBody) {
    return this.pipeline.update(user, params.id, body);
  }

  @Get(':id/notes')
  @ApiResult(z.array(LeadNoteSchema), { summary: 'The notes history of a lead, newest first' })
  notes(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams) {
    return this.pipeline.notes(user, params.id);
  }

  @Post(':id/notes')
  @ApiResult(LeadNoteSchema, { status: 201, summary: 'Add a note to a lead' })
  addNote(@CurrentUser() user: CurrentUserData, @Param() params: IntIdParams, @Body() body: AddNoteBody) {
    return this.pipeline.addNote(user, params.id, body.text);
  }
}
