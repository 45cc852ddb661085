import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { UserEvents } from './user-events';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Staff users and their events (identity.user.v1). */
@Module({
  imports: [SessionsModule, TwoFactorModule],
  controllers: [UsersController],
  providers: [UsersService, UserEvents],
  exports: [UserEvents],
})
export class UsersModule {}
