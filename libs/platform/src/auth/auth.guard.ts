import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { ApiScope, Role } from '@backoffice/contracts';
import { IS_PUBLIC, ROLES_KEY, SCOPES_KEY, type CurrentUserData } from './decorators';
import { mayCall } from './scope-policy';
import { setCurrentActor } from '../audit/audit-actor';
import { ForbiddenError, UnauthorizedError, UnavailableError } from '../errors/domain-error';

/**
 * Global guard: every route needs a valid access token unless @Public(),
 * and one of its @Roles() when it names any; an API client needs one of its @Scopes(). Services trust no header but the token.
 */
@Injectable()
export class AccessGuard extends PassportAuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    await (super.canActivate(context) as Promise<boolean>);
    const user = context.switchToHttp().getRequest<{ user: CurrentUserData }>().user;
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    const scopes = this.reflector.getAllAndOverride<ApiScope[] | undefined>(SCOPES_KEY, targets);
    // The actor of whatever this request changes (the audit log).
    setCurrentActor({ id: user.id, name: user.name, kind: user.client ? 'api-client' : 'user' });
    if (!mayCall(user, required, scopes)) {
      throw new ForbiddenError(user.client ? 'This API client’s scopes do not allow this.' : 'Your role may not do this.');
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    // A bad token fails without an error; an error is the revocation check (Redis) not answering: 503, not a sign-out.
    if (error) throw new UnavailableError('A backing service is unavailable; try again shortly.');
    if (!user) throw new UnauthorizedError('A valid access token is required.');
    return user;
  }
}
