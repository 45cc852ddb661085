import { LEAD_IMPORT_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { crmConfigSchema } from './crm.config';
import { LeadAssignmentEntity } from './assignment/lead-assignment.entity';
import { SalesAgentEntity } from './assignment/sales-agent.entity';
import { LeadGroupEntity } from './groups/lead-group.entity';
import { LeadEntity } from './leads/lead.entity';
import { LeadNoteEntity } from './leads/lead-note.entity';
import { Migration0001Leads } from './migrations/Migration0001Leads';
import { Migration0002SalesAgentReport } from './migrations/Migration0002SalesAgentReport';
import { Migration0003DashboardDataVersion } from './migrations/Migration0003DashboardDataVersion';
import { Migration0004LeadPipeline } from './migrations/Migration0004LeadPipeline';
import { Migration0005ImportIdentity } from './migrations/Migration0005ImportIdentity';
import { Migration0006LeadHistory } from './migrations/Migration0006LeadHistory';
import { ReportedOrderEntity } from './reports/reported-order.entity';
import { LeadUploadEntity } from './uploads/lead-upload.entity';

/** The platform as both CRM processes (API and worker) use it: one database, one outbox topic. */
export const crmPlatform = () =>
  PlatformModule.forService({
    config: crmConfigSchema,
    database: {
      entities: [
        LeadUploadEntity,
        LeadGroupEntity,
        LeadEntity,
        SalesAgentEntity,
        LeadAssignmentEntity,
        ReportedOrderEntity,
        LeadNoteEntity,
      ],
      migrations: [
        { name: 'Migration0001Leads', class: Migration0001Leads },
        { name: 'Migration0002SalesAgentReport', class: Migration0002SalesAgentReport },
        { name: 'Migration0003DashboardDataVersion', class: Migration0003DashboardDataVersion },
        { name: 'Migration0004LeadPipeline', class: Migration0004LeadPipeline },
        { name: 'Migration0005ImportIdentity', class: Migration0005ImportIdentity },
        { name: 'Migration0006LeadHistory', class: Migration0006LeadHistory },
      ],
    },
    outbox: { topics: [{ name: LEAD_IMPORT_TOPIC }] },
  });
