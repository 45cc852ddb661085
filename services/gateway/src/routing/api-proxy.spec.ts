import { DomainError } from '@backoffice/platform';
import { climbsOut } from './api-proxy';
import { endToEndHeaders } from './end-to-end-headers';
import { upstreamFailure } from './forward-request';

describe('endToEndHeaders', () => {
  it('drops hop-by-hop headers, those Connection names, Expect and Proxy-*', () => {
    expect(
      endToEndHeaders({
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        'keep-alive': 'timeout=5',
        expect: '100-continue',
        te: 'trailers',
        trailer: 'x',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        'proxy-authorization': 'Basic x',
        'proxy-connection': 'keep-alive',
        authorization: 'Bearer t',
        'content-type': 'application/json',
        'content-length': '2',
      }),
    ).toEqual({ authorization: 'Bearer t', 'content-type': 'application/json', 'content-length': '2' });
  });

  it('adds them to what it is given, theirs winning, and keeps what a plain Connection: close does not name', () => {
    expect(endToEndHeaders({ connection: 'close', 'cache-control': 'max-age=60', etag: '"1"' }, { 'cache-control': 'no-store' })).toEqual({
      'cache-control': 'max-age=60',
      etag: '"1"',
    });
    expect(endToEndHeaders({ connection: ['Keep-Alive', 'x-hop'] as never, 'x-hop': '1', accept: '*/*' })).toEqual({ accept: '*/*' });
  });
});

describe('upstreamFailure', () => {
  const cases: [string, unknown, number][] = [
    ['connection refused', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 503],
    ['refused, wrapped by undici', Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), 503],
    [
      'refused, as undici reports a failed connect',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      503,
    ],
    ['connect timeout', Object.assign(new Error('Connect Timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 503],
    ['headers timeout', Object.assign(new Error('timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), 504],
    ['body timeout', Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' }), 504],
    ['reset mid-request', Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 502],
    ['ECONNRESET', Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 502],
    [
      'the body limit, wrapped',
      Object.assign(new Error('aborted'), { cause: new DomainError('payload_too_large', 'too large', 413) }),
      413,
    ],
  ];
  it.each(cases)('%s → %i, naming the service', (_label, error, status) => {
    const failure = upstreamFailure(error, 'orders');
    expect(failure.status).toBe(status);
    if (status >= 500) expect(failure.detail).toMatch(/orders service/);
  });
});

describe('climbsOut', () => {
  it.each([
    '/api/leads/mine/../groups',
    '/api/leads/mine/%2e%2e/groups',
    '/api/leads/mine/%2E%2E/%2E%2E/identity/users',
    '/api/leads/mine/..%2fgroups',
    '/api/leads/mine/..%5cgroups',
    '/api/leads/mine;/../groups',
    '/api/leads/..',
    '/api/leads/%E0%A4%A',
  ])('refuses %s', (url) => expect(climbsOut(url)).toBe(true));

  it.each(['/api/leads/mine', '/api/leads/mine?x=/../../groups', '/api/files/report...v2.pdf', '/api/web-pages/.well-known', '/api/a..b'])(
    'lets %s through',
    (url) => expect(climbsOut(url)).toBe(false),
  );
});
