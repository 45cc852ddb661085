import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { ConflictError, InvalidInputError, NotFoundError, TooManyRequestsError } from './domain-error';
import { toProblem } from './problem';

describe('toProblem', () => {
  it('maps domain errors to their status with a code', () => {
    expect(toProblem(new NotFoundError('Country', 7)).problem).toMatchObject({
      status: 404,
      detail: 'Country 7 was not found.',
      code: 'not_found',
    });
    expect(toProblem(new ConflictError('Has 3 states.')).problem).toMatchObject({ status: 409, detail: 'Has 3 states.' });
    const invalid = toProblem(new InvalidInputError([{ path: 'name', message: 'Required' }])).problem;
    expect(invalid).toMatchObject({ status: 400, errors: [{ path: 'name', message: 'Required' }] });
  });

  it('maps zod errors to 400 with one field error per issue', () => {
    const result = z.object({ name: z.string(), age: z.number() }).safeParse({ age: 'x' });
    const { problem, serverFault } = toProblem(result.error);
    expect(serverFault).toBe(false);
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(['age', 'name']);
  });

  it('answers 429 with Retry-After for throttling', () => {
    const { problem, headers } = toProblem(new TooManyRequestsError('Slow down.', 30));
    expect(problem.status).toBe(429);
    expect(headers).toEqual({ 'retry-after': '30' });
  });

  it('maps a unique violation to 409, a lost database connection to 503, and anything else to a 500 without details', () => {
    expect(toProblem(new UniqueConstraintViolationException(new Error('dup'))).problem.status).toBe(409);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toProblem(refused)).toMatchObject({ problem: { status: 503 }, serverFault: true });
    // knex, when a transaction's connection was cut under it (tests/reliability/database-cut-under-load.test.ts).
    const cutTransaction = new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
    expect(toProblem(cutTransaction)).toMatchObject({ problem: { status: 503 }, serverFault: true });
    const unknown = toProblem(new Error('secret internals'));
    expect(unknown.problem).toMatchObject({ status: 500, detail: 'Something went wrong on our side.' });
    expect(JSON.stringify(unknown.problem)).not.toContain('secret internals');
  });

  it('keeps client errors from Fastify (bad JSON, body too large) as 4xx', () => {
    expect(
      toProblem(Object.assign(new Error('Unexpected end of JSON input'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }))
        .problem,
    ).toMatchObject({
      status: 400,
      detail: 'The body is not valid JSON.',
    });
    expect(toProblem(Object.assign(new Error('Request body is too large'), { statusCode: 413 }), 1_048_576)).toMatchObject({
      problem: {
        status: 413,
        type: 'urn:backoffice:problem:payload_too_large',
        code: 'payload_too_large',
        detail: 'The request body is larger than this route accepts (1,048,576 bytes).',
      },
      serverFault: false,
    });
  });

  it('takes a client that hung up mid-body for what it is, not a lost database connection', () => {
    // Node's error when the client's connection ends before its body did; Fastify's body reader marks it 400.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(toProblem(aborted)).toMatchObject({ problem: { status: 400, code: 'request_aborted' }, serverFault: false });
    // A proxy's error carrying it as its cause is the same client.
    expect(toProblem(new Error('Connection Reset', { cause: aborted })).problem.code).toBe('request_aborted');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(toProblem(reset)).toMatchObject({ problem: { status: 503 }, serverFault: true });
  });
});
