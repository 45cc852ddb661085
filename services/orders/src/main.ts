import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureOrdersHttp } from './orders.http';

void bootstrapService(AppModule, { title: 'orders', configure: configureOrdersHttp });
