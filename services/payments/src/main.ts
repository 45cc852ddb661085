import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';

void bootstrapService(AppModule, { title: 'payments' });
