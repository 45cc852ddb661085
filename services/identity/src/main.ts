import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureIdentity } from './identity.http';

void bootstrapService(AppModule, { title: 'identity', configure: configureIdentity });
