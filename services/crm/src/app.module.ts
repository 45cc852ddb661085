import { Module } from '@nestjs/common';
import { crmPlatform } from './crm.platform';
import { AgentDirectory } from './assignment/agent-directory';
import { LeadAssignmentsController } from './assignment/lead-assignments.controller';
import { LeadAssignmentsService } from './assignment/lead-assignments.service';
import { LeadExtractionController } from './extraction/lead-extraction.controller';
import { LeadExtractionService } from './extraction/lead-extraction.service';
import { LeadsQueue } from './extraction/leads-queue';
import { GroupPartitions } from './groups/group-partitions';
import { LeadGroupsController } from './groups/lead-groups.controller';
import { LeadGroupsService } from './groups/lead-groups.service';
import { CrmDemoSeed } from './leads/crm-demo.seed';
import { ssnProviders } from './security/ssn.providers';
import { LeadTemplateController } from './template/lead-template.controller';
import { LeadUploadsController } from './uploads/lead-uploads.controller';
import { LeadUploadsService } from './uploads/lead-uploads.service';
import { UploadErrorsController } from './uploads/upload-errors.controller';
import { UploadErrorsService } from './uploads/upload-errors.service';
import { UploadStore } from './uploads/upload-store';
import { MyLeadsController } from './workspace/my-leads.controller';
import { MyLeadsService } from './workspace/my-leads.service';
import { PipelineController } from './pipeline/pipeline.controller';
import { PipelineService } from './pipeline/pipeline.service';
import { TeamPipelineController } from './pipeline/team-pipeline.controller';
import { ReportsModule } from './reports/reports.module';
import { CrmDashboardModule } from './dashboard/dashboard.module';

/** The CRM API. Extraction jobs run in the worker process (worker.ts), never here. */
@Module({
  imports: [crmPlatform(), ReportsModule, CrmDashboardModule],
  controllers: [
    LeadUploadsController,
    UploadErrorsController,
    LeadExtractionController,
    LeadGroupsController,
    LeadTemplateController,
    LeadAssignmentsController,
    MyLeadsController,
    PipelineController,
    TeamPipelineController,
  ],
  providers: [
    ...ssnProviders,
    UploadStore,
    LeadsQueue,
    GroupPartitions,
    LeadUploadsService,
    UploadErrorsService,
    LeadExtractionService,
    LeadGroupsService,
    AgentDirectory,
    LeadAssignmentsService,
    MyLeadsService,
    PipelineService,
    CrmDemoSeed,
  ],
})
export class AppModule {}
