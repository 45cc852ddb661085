import { type DynamicModule, Module } from '@nestjs/common';
import { KafkaModule } from '../kafka/kafka.module';
import { InboxService } from './inbox.service';
import { OUTBOX_OPTIONS, OutboxRelay, type OutboxOptions } from './outbox.relay';
import { OutboxService } from './outbox.service';

@Module({})
export class OutboxModule {
  static forRoot(options: OutboxOptions): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      imports: [KafkaModule],
      providers: [{ provide: OUTBOX_OPTIONS, useValue: options }, OutboxService, OutboxRelay, InboxService],
      exports: [OutboxService, OutboxRelay, InboxService],
    };
  }
}
