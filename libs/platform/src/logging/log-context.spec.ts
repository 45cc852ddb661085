import { Logger } from '@nestjs/common';
import { createLogger, PinoNestLogger } from './logger';
import { acceptedId, currentLogContext, jobLogContext, runWithLogContext, withRequestId } from './log-context';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { lines, logger };
}

describe('log context', () => {
  it('puts the ids of the work on every line written inside it, across awaits, and on none outside', async () => {
    const { lines, logger } = capture();
    await runWithLogContext({ requestId: 'req-1' }, async () => {
      logger.info('before');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info({ extra: 1 }, 'after');
    });
    logger.info('outside');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before', 'req-1'],
      ['after', 'req-1'],
      ['outside', undefined],
    ]);
  });

  it('nests an event inside a request and drops empty ids', () => {
    runWithLogContext({ eventId: 'e-1', requestId: undefined, jobId: '' }, () => {
      expect(currentLogContext()).toEqual({ eventId: 'e-1' });
    });
  });

  it('keeps the fields of a Nest log object and its context', () => {
    const { lines, logger } = capture();
    Logger.overrideLogger(new PinoNestLogger(logger));
    runWithLogContext({ eventId: 'e-2', requestId: 'req-2' }, () => new Logger('Kafka').log({ msg: 'event', ms: 3 }));
    Logger.overrideLogger(false);
    expect(lines[0]).toMatchObject({ msg: 'event', ms: 3, context: 'Kafka', eventId: 'e-2', requestId: 'req-2' });
  });

  it('accepts only plausible ids from headers and job data', () => {
    expect(acceptedId(Buffer.from('abc-123'))).toBe('abc-123');
    expect(acceptedId('a b')).toBeUndefined();
    expect(acceptedId('x'.repeat(129))).toBeUndefined();
    expect(acceptedId(42)).toBeUndefined();
  });

  it('carries the request that enqueued a job into the job context', () => {
    const data = runWithLogContext({ requestId: 'req-3' }, () => withRequestId({ uploadId: 1 }));
    expect(data).toEqual({ uploadId: 1, requestId: 'req-3' });
    expect(withRequestId({ uploadId: 2 })).toEqual({ uploadId: 2 });
    expect(jobLogContext({ id: 'job-1', data })).toEqual({ jobId: 'job-1', requestId: 'req-3' });
  });
});
