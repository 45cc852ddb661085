import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { registerUploads } from './files/uploads';

void bootstrapService(AppModule, { title: 'catalogue', configure: registerUploads });
