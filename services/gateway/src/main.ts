import { GATEWAY_OPS_PORT } from '@backoffice/contracts';
import { bootstrapService } from '@backoffice/platform';
import { AppModule } from './app.module';
import { configureGatewayHttp } from './gateway.http';

// The gateway's main port is the public edge: its health checks and metrics answer on a port of their own.
process.env.OPS_PORT ??= String(GATEWAY_OPS_PORT);
void bootstrapService(AppModule, { title: 'gateway', configure: configureGatewayHttp });
