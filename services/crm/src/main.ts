import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureCrmHttp } from './crm.http';

void bootstrapService(AppModule, { title: 'crm', configure: configureCrmHttp });
