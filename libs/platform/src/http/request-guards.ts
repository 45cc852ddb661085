import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DomainError, InvalidInputError } from '../errors/domain-error';
import { sendProblem } from '../errors/problem.filter';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * A request target in origin form: `http://host/path?q` (the absolute form, which a server must accept as well,
 * RFC 9112 section 3.2.2) becomes `/path?q`, so that routing, the gateway's route table, its header sets and the logs
 * see the path the client meant; any other target (`/path`, `*`) is kept as it came.
 */
export function originForm(url: string): string {
  if (url.charCodeAt(0) === 0x2f) return url; // '/': the usual form
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Whether a request carries more than one Host header line, which RFC 9112 section 3.2 answers with a 400: Node keeps
 * the first and drops the others, and a proxy in front that read another one would disagree about the request.
 */
export function repeatsHost(rawHeaders: string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length !== 4 || rawHeaders[i].toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

/** What is wrong with a request target's query string (a broken %-escape, or bytes that are not UTF-8), or undefined. */
export function queryProblem(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return undefined;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/\+/g, ' '));
    return undefined;
  } catch {
    return 'The query string has a broken %-escape or is not valid UTF-8.';
  }
}

/**
 * Where arrays and objects in JSON text nest deeper than `limit`, found in one pass without recursion
 * (brackets inside strings do not count): the path of the member whose nesting goes too deep ("items.0.tags"),
 * "" when it is the body itself, or undefined when nothing does.
 */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): string | undefined {
  // One entry per open container: the member it is in (key or index), and for arrays the current index.
  const path: (string | number)[] = [];
  const kinds: ('object' | 'array')[] = [];
  let inString = false;
  let stringStart = 0;
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        inString = false;
        lastString = text.slice(stringStart, i);
      }
      continue;
    }
    if (c === 0x22) {
      inString = true;
      stringStart = i + 1;
    } else if (c === 0x3a) {
      // The string before a colon is the key of the member that follows.
      path[kinds.length - 1] = lastString;
    } else if (c === 0x2c) {
      const top = kinds.length - 1;
      if (kinds[top] === 'array') path[top] = (path[top] as number) + 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (kinds.length >= limit) {
        // Named by the member the nesting starts in: the trailing run of array indexes is dropped.
        const members = path.slice(0, kinds.length);
        while (members.length && typeof members[members.length - 1] === 'number') members.pop();
        return members.slice(0, 8).join('.');
      }
      kinds.push(c === 0x7b ? 'object' : 'array');
      path[kinds.length - 1] = c === 0x5b ? 0 : '';
    } else if (c === 0x7d || c === 0x5d) {
      kinds.pop();
    }
  }
  return undefined;
}

/** Whether JSON text nests deeper than `limit` (see jsonTooDeepAt). */
export const jsonDepthExceeds = (text: string, limit = MAX_JSON_DEPTH): boolean => jsonTooDeepAt(text, limit) !== undefined;

/** A JSON body: valid UTF-8, nested at most MAX_JSON_DEPTH deep, then parsed. Throws InvalidInputError otherwise. */
export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = fatalUtf8.decode(body);
  } catch {
    throw new InvalidInputError([{ path: '(body)', message: 'The body is not valid UTF-8 text.' }], 'The body is not valid UTF-8 text.');
  }
  if (text.trim() === '') throw new InvalidInputError([], 'The JSON body is empty; send a JSON document, or no body at all.');
  const tooDeep = jsonTooDeepAt(text);
  if (tooDeep !== undefined) {
    throw new InvalidInputError(
      [{ path: tooDeep || '(body)', message: `Must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` }],
      'The JSON body is nested too deeply.',
    );
  }
  try {
    // Keys that would reach an object's prototype when merged are never data (checked only when present).
    if (!text.includes('__proto__') && !text.includes('prototype')) return JSON.parse(text);
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value)) {
        throw new SyntaxError(`the key "${key}" is not allowed`);
      }
      return value;
    });
  } catch (error) {
    throw new InvalidInputError([], `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Checks every request gets before any route sees it: a second Host header, and a query string with a broken escape
 * or bytes that are not UTF-8, are a 400 (the router already refuses such a path), and JSON bodies are parsed
 * strictly (UTF-8 only, nesting limited without recursion). A POST with no body at all stays bodiless:
 * the validation pipe reads it as an empty object, so a body whose fields are all optional may be left out.
 */
export function registerRequestGuards(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (repeatsHost(request.raw.rawHeaders)) {
      const repeated = new DomainError('malformed_request', 'The request has more than one Host header.', 400);
      return sendProblem(repeated, request, reply, logger);
    }
    const problem = queryProblem(request.url);
    if (!problem) return done();
    sendProblem(new InvalidInputError([{ path: '(query)', message: problem }], problem), request, reply, logger);
  });
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser(/^application\/([\w.-]+\+)?json$/i, { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
