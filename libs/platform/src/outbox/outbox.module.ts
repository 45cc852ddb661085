import { type DynamicModule, Module } from '@nestjs/common';
import { KafkaModule } from '../kafka/kafka.module';
import { InboxService } from './inbox.service';
import { OUTBOX_OPTIONS, OutboxRelay, type OutboxOptions } from './outbox.relay';
import { OutboxService } from './outbox.service';
import { AuditTrail } from '../audit/audit-trail';
import { AUDIT_TOPIC } from '@backoffice/contracts';

@Module({})
export class OutboxModule {
  static forRoot(options: OutboxOptions): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      imports: [KafkaModule],
      providers: [
        // Every service with an outbox publishes its audit events too (AuditSubscriber, AuditTrail).
        { provide: OUTBOX_OPTIONS, useValue: { ...options, topics: [...options.topics, { name: AUDIT_TOPIC }] } },
        OutboxService,
        OutboxRelay,
        InboxService,
        AuditTrail,
      ],
      exports: [OutboxService, OutboxRelay, InboxService, AuditTrail],
    };
  }
}
