import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, type KafkaContext } from '@nestjs/microservices';
import { AUDIT_TOPIC, AuditEventDataSchema } from '@backoffice/contracts';
import { currentLogContext, InboxService, topicName } from '@backoffice/platform';
import { AuditLog } from './audit-log.service';

export const AUDIT_CONSUMER_GROUP = 'identity.audit-log';

/**
 * Keeps the audit log from audit.action.v1, which every service writes (Nest Kafka transport). Each event is
 * stored once (inbox); a database failure rejects the handler, so Kafka redelivers; an unreadable message is skipped.
 */
@Controller()
export class AuditLogConsumer {
  private readonly logger = new Logger('AuditLogConsumer');

  constructor(
    private readonly auditLog: AuditLog,
    private readonly inbox: InboxService,
  ) {}

  @EventPattern(topicName(AUDIT_TOPIC))
  async onAuditEvent(@Ctx() context: KafkaContext): Promise<void> {
    const raw = (context.getMessage() as unknown as { value: unknown }).value;
    const envelope = (typeof raw === 'string' || Buffer.isBuffer(raw) ? safeJson(raw.toString()) : raw) as {
      id?: unknown;
      data?: unknown;
    } | null;
    const data = AuditEventDataSchema.safeParse(envelope?.data);
    if (!envelope || typeof envelope.id !== 'string' || !data.success) {
      this.logger.warn({ msg: 'unreadable audit event skipped', topic: context.getTopic() });
      return;
    }
    const requestId = currentLogContext()?.requestId;
    await this.inbox.handleOnce(AUDIT_CONSUMER_GROUP, envelope.id, (em) => this.auditLog.store(em, data.data, requestId));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
