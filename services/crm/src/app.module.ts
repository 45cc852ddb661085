import { Module } from '@nestjs/common';
import { AssignmentModule } from './assignment/assignment.module';
import { crmPlatform } from './crm.platform';
import { CrmDashboardModule } from './dashboard/dashboard.module';
import { ExtractionModule } from './extraction/extraction.module';
import { GroupsModule } from './groups/groups.module';
import { PipelineModule } from './pipeline/pipeline.module';
import { ReportsModule } from './reports/reports.module';
import { SecurityModule } from './security/security.module';
import { SeedModule } from './seed/seed.module';
import { TemplateModule } from './template/template.module';
import { UploadsModule } from './uploads/uploads.module';
import { WorkspaceModule } from './workspace/workspace.module';

/** The CRM API: one module per feature. Extraction jobs run in the worker process (worker.ts), never here. */
@Module({
  imports: [
    crmPlatform(),
    SecurityModule,
    UploadsModule,
    ExtractionModule,
    GroupsModule,
    TemplateModule,
    AssignmentModule,
    WorkspaceModule,
    PipelineModule,
    ReportsModule,
    CrmDashboardModule,
    SeedModule,
  ],
})
export class AppModule {}
