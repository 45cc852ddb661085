import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureIdentityHttp } from './identity.http';

void bootstrapService(AppModule, { title: 'identity', configure: configureIdentityHttp });
