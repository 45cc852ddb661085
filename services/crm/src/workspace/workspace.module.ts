import { Module } from '@nestjs/common';
import { PipelineModule } from '../pipeline/pipeline.module';
import { MyLeadsController } from './my-leads.controller';
import { MyLeadsService } from './my-leads.service';

/** A sales agent's own leads. */
@Module({ imports: [PipelineModule], controllers: [MyLeadsController], providers: [MyLeadsService] })
export class WorkspaceModule {}
