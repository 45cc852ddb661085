import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenClaims } from '@backoffice/contracts';
import type { CurrentUserData } from './decorators';
import { AccessTokenVerifier, isAccessClaims, publicKeyObject, verifyOptions } from './access-token';
import { SessionRevocations } from './session-revocation';
import { scopesOf } from './scope-policy';
import { SESSION_REVOCATIONS } from './session-revocations.providers';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';

type PassportRequest = Parameters<Strategy['authenticate']>[0];
const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * passport-jwt with the platform's fixed verification options, plus the session revocation check.
 * A token passport-jwt accepted is remembered by its exact string until it expires (AccessTokenVerifier):
 * a console sends the same token with every request, and the RS256 check is most of a small request's
 * cost. Revocation is checked on every request (from memory kept current by Redis pub/sub, or from Redis
 * itself while that is not live), so ending a session is immediate.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly tokens: AccessTokenVerifier;

  constructor(
    @Inject(SERVICE_CONFIG) config: BaseConfig,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {
    const settings = { publicKey: config.JWT_PUBLIC_KEY, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
    const options = verifyOptions(settings);
    super({
      jwtFromRequest: bearer,
      // The key parsed once (jsonwebtoken accepts a KeyObject; passport-jwt's types only name strings).
      secretOrKey: publicKeyObject(config.JWT_PUBLIC_KEY) as unknown as string,
      algorithms: ['RS256'],
      issuer: options.issuer as string,
      audience: options.audience as string,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: options.clockTolerance },
      passReqToCallback: true,
    });
    this.tokens = new AccessTokenVerifier(settings);
  }

  /** A token verified before skips passport-jwt's signature check; everything else goes through it. */
  override authenticate(request: PassportRequest, options?: object): void {
    const token = bearer(request);
    const known = token ? this.tokens.recall(token) : undefined;
    if (!known) return super.authenticate(request, options);
    // Answered from memory while revocations are live: the usual request waits for no promise here.
    const ended = this.revocations.revokedNow(known.sid);
    if (ended !== undefined) return ended ? this.fail(401) : this.success(userOf(known));
    this.checkedUserOf(known).then(
      (user) => (user ? this.success(user) : this.fail(401)),
      (error: unknown) => this.error(error as Error),
    );
  }

  /** After passport-jwt verified the token: remembered for the next requests, then checked as any other. */
  async validate(request: PassportRequest, payload: unknown): Promise<CurrentUserData | false> {
    if (!isAccessClaims(payload)) return false;
    const token = bearer(request);
    if (token) this.tokens.remember(token, payload);
    return this.checkedUserOf(payload);
  }

  /** The user of verified claims, unless their session was ended. */
  private async checkedUserOf(claims: AccessTokenClaims): Promise<CurrentUserData | false> {
    return (await this.revocations.isRevoked(claims.sid)) ? false : userOf(claims);
  }
}

/** The user verified claims name. */
function userOf(claims: AccessTokenClaims): CurrentUserData {
  const user: CurrentUserData = {
    id: claims.sub,
    name: claims.name,
    email: claims.email,
    roles: claims.roles as CurrentUserData['roles'],
  };
  if (claims.client === true) return { ...user, roles: [], client: true, scopes: scopesOf(claims.scope) };
  return user;
}
