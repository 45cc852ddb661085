import { Module } from '@nestjs/common';
import { AssignmentModule } from '../assignment/assignment.module';
import { PipelineController } from './pipeline.controller';
import { PipelineService } from './pipeline.service';
import { TeamPipelineController } from './team-pipeline.controller';

/** A lead's pipeline (stage, notes) for its agent and for the team. */
@Module({
  imports: [AssignmentModule],
  controllers: [PipelineController, TeamPipelineController],
  providers: [PipelineService],
  exports: [PipelineService],
})
export class PipelineModule {}
