import { Module } from '@nestjs/common';
import { SessionRevoker } from './session-revoker';

/** Ending a user's or an API client's sessions (used by users, roles and API clients). */
@Module({ providers: [SessionRevoker], exports: [SessionRevoker] })
export class SessionsModule {}
