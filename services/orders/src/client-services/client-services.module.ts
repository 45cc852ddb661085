import { Module } from '@nestjs/common';
import { CatalogueReadModelModule } from '../catalogue-read-model/catalogue-read-model.module';
import { DirectoryModule } from '../directory/directory.module';
import { ClientServiceEventLog } from './client-service-event-log.handler';
import { ClientServiceFiles } from './client-service-files.service';
import { ClientServiceEventOutbox } from './client-service.events';
import { ClientServiceRepository } from './client-service.repository';
import { ClientServicesController } from './client-services.controller';
import { AssignBranchHandler } from './commands/assign-branch.handler';
import { AssignProviderHandler } from './commands/assign-provider.handler';
import { ClearAssignmentHandler } from './commands/clear-assignment.handler';
import { RecordTransactionHandler } from './commands/record-transaction.handler';
import { SubmitOrderItemHandler } from './commands/submit-order-item.handler';
import { CountClientServicesHandler } from './queries/count-client-services.handler';
import { GetClientServiceHandler } from './queries/get-client-service.handler';
import { ListClientServicesHandler } from './queries/list-client-services.handler';
import { ListTransactionsHandler } from './queries/list-transactions.handler';
import { ServiceSubmissionsController } from './service-submissions.controller';
import { ServiceTransactionsController } from './service-transactions.controller';

/** Client services: submissions, status changes, assignments, transactions and files; their commands and queries. */
@Module({
  imports: [CatalogueReadModelModule, DirectoryModule],
  controllers: [ClientServicesController, ServiceSubmissionsController, ServiceTransactionsController],
  providers: [
    ClientServiceRepository,
    ClientServiceFiles,
    ClientServiceEventOutbox,
    ClientServiceEventLog,
    SubmitOrderItemHandler,
    AssignBranchHandler,
    AssignProviderHandler,
    ClearAssignmentHandler,
    RecordTransactionHandler,
    ListClientServicesHandler,
    CountClientServicesHandler,
    GetClientServiceHandler,
    ListTransactionsHandler,
  ],
})
export class ClientServicesModule {}
