import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ApiClientsController } from './api-clients.controller';
import { ApiClientsService } from './api-clients.service';
import { TokenController } from './token.controller';

/** API clients (client credentials) and their token endpoint. */
@Module({
  imports: [AuthModule, SessionsModule],
  controllers: [TokenController, ApiClientsController],
  providers: [ApiClientsService],
})
export class ApiClientsModule {}
