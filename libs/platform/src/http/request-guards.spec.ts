import { InvalidInputError } from '../errors/domain-error';
import { jsonDepthExceeds, jsonTooDeepAt, MAX_JSON_DEPTH, originForm, parseJsonBody, queryProblem, repeatsHost } from './request-guards';

describe('originForm', () => {
  it.each([
    ['http://gateway.example/api/countries?x=1', '/api/countries?x=1'],
    ['HTTPS://gateway.example:8443/api/leads/mine/../groups', '/api/leads/mine/../groups'],
    ['http://gateway.example', '/'],
    ['http://gateway.example?x=1', '/?x=1'],
    ['http://user@gateway.example/a', '/a'],
  ])('takes the path of the absolute form %s', (url, path) => {
    expect(originForm(url)).toBe(path);
  });
  it.each([['/api/countries'], ['//gateway.example/x'], ['*'], ['api/countries'], ['']])('keeps %s as it came', (url) => {
    expect(originForm(url)).toBe(url);
  });
});

describe('repeatsHost', () => {
  it('finds a second Host line, whatever its case, and nothing else', () => {
    expect(repeatsHost(['Host', 'a', 'Accept', '*/*', 'HOST', 'b'])).toBe(true);
    expect(repeatsHost(['Host', 'a', 'X-Host', 'b', 'Hostname', 'c'])).toBe(false);
    expect(repeatsHost([])).toBe(false);
  });
});

describe('queryProblem', () => {
  it.each([['/a?x=%ZZ'], ['/a?x=%ED%A0%80'], ['/a?x=100%'], ['/a?%E0%A4%A']])('refuses %s', (url) => {
    expect(queryProblem(url)).toMatch(/broken %-escape|UTF-8/);
  });
  it.each([['/a'], ['/a?x=1&y=%20z'], ['/a?name=%C3%A9t%C3%A9+x'], ['/a?q=%F0%9F%98%80']])('accepts %s', (url) => {
    expect(queryProblem(url)).toBeUndefined();
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting without recursion, even 100,000 deep', () => {
    expect(jsonDepthExceeds('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
  });
  it('allows the limit and ignores brackets inside strings and escaped quotes', () => {
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(jsonDepthExceeds(atLimit)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(500)}\\"${'{'.repeat(500)}"}`)).toBe(false);
  });
});

describe('jsonTooDeepAt', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  it('names the member that nests too deeply', () => {
    expect(jsonTooDeepAt(`{"name":"x","tags":${deep(100)}}`)).toBe('tags');
    expect(jsonTooDeepAt(`{"a":{"b":[1,{"c":${deep(100)}}]}}`)).toBe('a.b.1.c');
    expect(jsonTooDeepAt(`{"a":{"b":${deep(100)}}}`)).toBe('a.b');
    expect(jsonTooDeepAt(`{"a":"{[","b":${deep(100)}}`)).toBe('b');
    expect(jsonTooDeepAt(deep(100))).toBe('');
    expect(jsonTooDeepAt('{"a":[1,2,3],"b":{"c":1}}')).toBeUndefined();
  });
});

describe('parseJsonBody', () => {
  it('parses JSON text', () => {
    expect(parseJsonBody(Buffer.from('{"a":[1,"é"]}'))).toEqual({ a: [1, 'é'] });
  });
  it.each([
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])],
    ['a UTF-8 encoded surrogate', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])],
    ['nothing', Buffer.from('  ')],
    ['3,000 levels', Buffer.from('['.repeat(3000) + ']'.repeat(3000))],
    ['malformed JSON', Buffer.from('{"a":')],
    ['a __proto__ key', Buffer.from('{"__proto__":{"admin":true}}')],
    ['a constructor.prototype', Buffer.from('{"constructor":{"prototype":{"admin":true}}}')],
  ])('refuses %s with a 400', (_label, body) => {
    expect(() => parseJsonBody(body)).toThrow(InvalidInputError);
  });
  it('keeps a "constructor" field that is plain data', () => {
    expect(parseJsonBody(Buffer.from('{"constructor":"Ada","prototype":1}'))).toEqual({ constructor: 'Ada', prototype: 1 });
  });
});
