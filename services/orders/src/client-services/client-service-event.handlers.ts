import { Injectable, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/core';
import { ORDERS_CLIENT_SERVICE_TOPIC } from '@backoffice/contracts';
import { OutboxService } from '@backoffice/platform';
import { ClientServiceEvent } from './client-service.events';

/** Writes an aggregate's uncommitted events to the outbox in the caller's transaction (key = client service id). */
@Injectable()
export class ClientServiceEventOutbox {
  constructor(private readonly outbox: OutboxService) {}

  write(em: EntityManager, events: readonly ClientServiceEvent[]): void {
    for (const event of events) {
      this.outbox.add(em, { topic: ORDERS_CLIENT_SERVICE_TOPIC, type: event.type, subject: event.clientServiceId, data: event.data });
    }
  }
}

/** In-process subscriber, after commit: one log line per change (other local reactions go here). */
@EventsHandler(ClientServiceEvent)
export class ClientServiceEventLog implements IEventHandler<ClientServiceEvent> {
  private readonly logger = new Logger('ClientServiceEvents');

  handle(event: ClientServiceEvent): void {
    const change = event.data as { from?: string; to?: string };
    this.logger.log(`client service ${event.clientServiceId}: ${event.type}${change.to ? ` ${change.from} → ${change.to}` : ''}`);
  }
}
