import { Module } from '@nestjs/common';
import { AgentDirectory } from './agent-directory.client';
import { LeadAssignmentsController } from './lead-assignments.controller';
import { LeadAssignmentsService } from './lead-assignments.service';

/** Distribution of leads to sales agents. */
@Module({
  controllers: [LeadAssignmentsController],
  providers: [AgentDirectory, LeadAssignmentsService],
  exports: [LeadAssignmentsService],
})
export class AssignmentModule {}
