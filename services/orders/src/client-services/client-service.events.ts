import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { ORDERS_CLIENT_SERVICE_TOPIC, type ClientServiceEventDataByType, type ClientServiceEventType } from '@backoffice/contracts';
import { OutboxService } from '@backoffice/platform';

/** A domain event of a client service; `data` is exactly what orders.client-service.v1 carries. */
export class ClientServiceEvent<T extends ClientServiceEventType = ClientServiceEventType> {
  constructor(
    readonly type: T,
    readonly clientServiceId: string,
    readonly data: ClientServiceEventDataByType[T],
  ) {}
}

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
