import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureIdentity } from './audit/audit-log.consumers';

void bootstrapService(AppModule, { title: 'identity', configure: configureIdentity });
