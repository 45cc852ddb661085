import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ClientServiceEvent } from './client-service.events';

/** In-process subscriber, after commit: one log line per change (other local reactions go here). */
@EventsHandler(ClientServiceEvent)
export class ClientServiceEventLog implements IEventHandler<ClientServiceEvent> {
  private readonly logger = new Logger('ClientServiceEvents');

  handle(event: ClientServiceEvent): void {
    const change = event.data as { from?: string; to?: string };
    this.logger.log(`client service ${event.clientServiceId}: ${event.type}${change.to ? ` ${change.from} → ${change.to}` : ''}`);
  }
}
