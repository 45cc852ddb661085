import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentLogContext } from './log-context';

/**
 * One JSON logger per process. Every line written inside a request, an event's or a job's handling
 * carries that work's ids (requestId, eventId, jobId: see log-context.ts). `destination` is for tests.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => ({ ...currentLogContext() }),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passCode'], remove: true },
    },
    destination,
  );
}

/** A Nest log message: text, or an object of fields with its text in `msg`. */
function fields(message: unknown, extra: Record<string, unknown>): [Record<string, unknown>, string] {
  if (message && typeof message === 'object' && !(message instanceof Error) && 'msg' in message) {
    const { msg, ...rest } = message as Record<string, unknown>;
    return [{ ...extra, ...rest }, String(msg)];
  }
  return [extra, String(message)];
}

/** Nest's logger interface over pino (`new Logger(context).log({ msg, ...fields })` keeps the fields). */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info(...fields(message, { context }));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error(...fields(message, { context, trace }));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn(...fields(message, { context }));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug(...fields(message, { context }));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace(...fields(message, { context }));
  }
}
