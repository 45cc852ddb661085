import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { UserRolesController } from './user-roles.controller';
import { UserRolesService } from './user-roles.service';

/** A user's roles. */
@Module({ imports: [UsersModule, SessionsModule], controllers: [UserRolesController], providers: [UserRolesService] })
export class RolesModule {}
