import { bootstrapService } from '@backoffice/platform';
import { WorkerModule } from './worker.module';

void bootstrapService(WorkerModule, { title: 'crm-worker', servesRequests: false });
