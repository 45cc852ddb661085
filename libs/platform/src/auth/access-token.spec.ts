import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AccessTokenVerifier, bearerToken, verifyAccessToken } from './access-token';
import { UnauthorizedError } from '../errors/domain-error';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const settings = { publicKey: keys.publicKey, issuer: 'iss', audience: 'aud' };
const claims = { sub: 'u1', sid: 's1', name: 'N', email: 'e', roles: ['Manager'], typ: 'access' };
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
    ['a token without a session id', () => sign({ ...claims, sid: undefined })],
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

describe('AccessTokenVerifier', () => {
  it('answers a token it verified before from memory, with the same claims', () => {
    const verifier = new AccessTokenVerifier(settings);
    const token = sign();
    const first = verifier.verify(token);
    expect(first).toMatchObject({ sub: 'u1', roles: ['Manager'] });
    expect(verifier.verify(token)).toBe(first);
    expect(verifier.size).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('refuses every bad token every time and remembers none', () => {
    const verifier = new AccessTokenVerifier(settings);
    const forged = `${sign().slice(0, -4)}AAAA`;
    for (let i = 0; i < 2; i++) {
      expect(() => verifier.verify(forged)).toThrow(UnauthorizedError);
      expect(() => verifier.verify(sign({ ...claims, typ: 'refresh' }))).toThrow(UnauthorizedError);
      expect(() => verifier.verify(sign(claims, { issuer: 'other' }))).toThrow(UnauthorizedError);
    }
    expect(verifier.size).toBe(0);
  });

  it('stops accepting a remembered token when it expires, as verification would', () => {
    jest.useFakeTimers({ now: Date.now() });
    try {
      const verifier = new AccessTokenVerifier(settings);
      const token = sign(claims, { expiresIn: 60 });
      expect(verifier.verify(token).sub).toBe('u1');
      jest.setSystemTime(Date.now() + 60_000 + 3_000); // past exp, within the 5 s clock tolerance
      expect(verifier.verify(token).sub).toBe('u1');
      jest.setSystemTime(Date.now() + 3_000); // past the tolerance too
      expect(() => verifier.verify(token)).toThrow('The access token has expired.');
      expect(verifier.size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a bounded number of tokens', () => {
    const verifier = new AccessTokenVerifier(settings, 5);
    const tokens = Array.from({ length: 12 }, (_, i) => sign({ ...claims, sub: `u${i}` }));
    for (const token of tokens) verifier.verify(token);
    expect(verifier.size).toBeLessThanOrEqual(5);
    expect(verifier.verify(tokens[0]).sub).toBe('u0');
  });
});
