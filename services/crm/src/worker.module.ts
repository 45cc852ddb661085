import { Module } from '@nestjs/common';
import { crmPlatform } from './crm.platform';
import { LeadsQueue } from './extraction/leads-queue';
import { GroupPartitions } from './groups/group-partitions';
import { ImportLeadsJob } from './import/import-leads.job';
import { IndexLeadGroupJob } from './import/index-lead-group.job';
import { LeadJobsWorker } from './import/lead-jobs.worker';
import { ssnProviders } from './security/ssn.providers';
import { UploadStore } from './uploads/upload-store';

/** The CRM worker process: the BullMQ jobs and health, no API routes. Scaled apart from the API. */
@Module({
  imports: [crmPlatform()],
  providers: [...ssnProviders, UploadStore, LeadsQueue, GroupPartitions, ImportLeadsJob, IndexLeadGroupJob, LeadJobsWorker],
})
export class WorkerModule {}
