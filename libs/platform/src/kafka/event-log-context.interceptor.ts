import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import type { KafkaContext } from '@nestjs/microservices';
import { Observable, tap } from 'rxjs';
import { acceptedId, runWithLogContext } from '../logging/log-context';

interface KafkaMessageView {
  headers?: Record<string, unknown>;
  value?: unknown;
}

/** The event's CloudEvents id (header ce_id, else the envelope's id) and the request that caused it (x-request-id). */
export function eventLogContext(message: KafkaMessageView): { eventId?: string; requestId?: string } {
  const headers = message.headers ?? {};
  const value = message.value as { id?: unknown } | null | undefined;
  const eventId = acceptedId(headers.ce_id) ?? (value && typeof value === 'object' ? acceptedId(value.id) : undefined);
  return { eventId, requestId: acceptedId(headers['x-request-id']) };
}

/**
 * Runs each Kafka handler inside the event's log context (docs/architecture.md, "Logs"): its log lines carry
 * eventId and requestId, the events it writes carry the request id on, and one line says how it went.
 */
@Injectable()
export class EventLogContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('KafkaConsumers');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const kafka = context.switchToRpc().getContext<KafkaContext>();
    const ids = eventLogContext(kafka.getMessage() as unknown as KafkaMessageView);
    const topic = kafka.getTopic();
    const started = performance.now();
    const line = () => ({ topic, partition: kafka.getPartition(), ms: Math.round(performance.now() - started) });
    return new Observable((subscriber) =>
      runWithLogContext(ids, () =>
        next
          .handle()
          .pipe(
            tap({
              complete: () => this.logger.log({ msg: 'event', ...line() }),
              error: (error: unknown) => this.logger.warn({ msg: 'event failed; Kafka redelivers it', ...line(), err: error }),
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
