import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type Redis from 'ioredis';
import type { CurrentUserData } from './decorators';
import { isAccessClaims, verifyOptions } from './access-token';
import { tokenRevoked } from './session-revocation';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';
import { REDIS } from '../redis/redis.module';

/** passport-jwt with the platform's fixed verification options, plus the per-user revocation check. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(SERVICE_CONFIG) config: BaseConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    const options = verifyOptions({ publicKey: config.JWT_PUBLIC_KEY, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_PUBLIC_KEY,
      algorithms: ['RS256'],
      issuer: options.issuer as string,
      audience: options.audience as string,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 5 },
    });
  }

  async validate(payload: unknown): Promise<CurrentUserData | false> {
    if (!isAccessClaims(payload)) return false;
    if (await tokenRevoked(this.redis, payload.sub, payload.iat)) return false;
    return { id: payload.sub, name: payload.name, email: payload.email, roles: payload.roles as CurrentUserData['roles'] };
  }
}
