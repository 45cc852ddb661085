import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureGateway } from './gateway.http';

void bootstrapService(AppModule, { title: 'gateway', configure: configureGateway });
