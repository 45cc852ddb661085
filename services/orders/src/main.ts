import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureOrders } from './orders.configure';

void bootstrapService(AppModule, { title: 'orders', configure: configureOrders });
