import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Consumer-side dedupe: the handler runs, in one transaction with the inbox row,
 * only the first time an event id is seen by this consumer.
 */
@Injectable()
export class InboxService {
  constructor(private readonly em: EntityManager) {}

  /** Answers true when the handler ran, false for a repeat. */
  async handleOnce(consumer: string, eventId: string, handler: (em: EntityManager) => Promise<void>): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const inserted = await em
        .getConnection()
        .execute<{ event_id: string }[]>(
          'insert into inbox (consumer, event_id) values (?, ?) on conflict do nothing returning event_id',
          [consumer, eventId],
          'all',
          em.getTransactionContext(),
        );
      if (inserted.length === 0) return false;
      await handler(em);
      return true;
    });
  }
}
