import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { bearerToken, verifyAccessToken } from './access-token';
import { UnauthorizedError } from '../errors/domain-error';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const settings = { publicKey: keys.publicKey, issuer: 'iss', audience: 'aud' };
const claims = { sub: 'u1', name: 'N', email: 'e', roles: ['Manager'], typ: 'access' };
const sign = (payload: object = claims, options: jwt.SignOptions = {}) =>
  jwt.sign(payload, keys.privateKey, { algorithm: 'RS256', issuer: 'iss', audience: 'aud', expiresIn: 60, ...options });

describe('verifyAccessToken', () => {
  it('accepts a good RS256 access token', () => {
    expect(verifyAccessToken(sign(), settings)).toMatchObject({ sub: 'u1', roles: ['Manager'] });
  });

  it.each([
    ['wrong issuer', () => sign(claims, { issuer: 'other' })],
    ['wrong audience', () => sign(claims, { audience: 'other' })],
    [
      'expired',
      () =>
        jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, keys.privateKey, {
          algorithm: 'RS256',
          issuer: 'iss',
          audience: 'aud',
        }),
    ],
    ['not an access token', () => sign({ ...claims, typ: 'refresh' })],
    ['HS256 signed with the public key', () => jwt.sign(claims, keys.publicKey, { algorithm: 'HS256', issuer: 'iss', audience: 'aud' })],
    ['alg none', () => jwt.sign(claims, '', { algorithm: 'none', issuer: 'iss', audience: 'aud' })],
    ['garbage', () => 'a.b.c'],
  ])('refuses %s', (_name, token) => {
    expect(() => verifyAccessToken(token(), settings)).toThrow(UnauthorizedError);
  });

  it('reads only "Bearer <token>" headers', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
