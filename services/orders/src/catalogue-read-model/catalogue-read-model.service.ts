import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { centsToDecimal, fromCents, toCents, type CatalogueServiceView } from '@backoffice/contracts';
import { InboxService } from '@backoffice/platform';
import { CatalogueServiceEntity } from './catalogue-service.entity';
import type { CatalogueMessageDecision, ReadModelState } from './catalogue-service.mapping';

export const CATALOGUE_CONSUMER = 'orders.catalogue-read-model';

export function toCatalogueServiceView(row: CatalogueServiceEntity): CatalogueServiceView {
  return {
    id: row.id,
    name: row.name,
    deliveryType: row.deliveryType,
    price: fromCents(toCents(row.price)),
    active: row.active,
    physical: row.physical,
    requiredFiles: row.requiredFiles,
    sourceUpdatedAt: row.sourceUpdatedAt.toISOString(),
  };
}

/** Writes catalogue states into the local table; an older state never overwrites a newer one. */
@Injectable()
export class CatalogueReadModel {
  private readonly logger = new Logger('CatalogueReadModel');

  constructor(
    private readonly em: EntityManager,
    private readonly inbox: InboxService,
  ) {}

  /** Applies one decoded message; repeats of an event id are ignored. Throws only when the database fails (Kafka retries). */
  async apply(decision: CatalogueMessageDecision): Promise<void> {
    switch (decision.kind) {
      case 'skip':
        this.logger.warn(`skipped a catalogue.service.v1 message: ${decision.reason}`);
        return;
      case 'delete':
        await this.em.fork().nativeDelete(CatalogueServiceEntity, { id: decision.id });
        return;
      case 'upsert':
        if (!decision.eventId) {
          await this.upsert(this.em.fork(), decision.state);
          return;
        }
        await this.inbox.handleOnce(CATALOGUE_CONSUMER, decision.eventId, (em) => this.upsert(em, decision.state));
    }
  }

  /** Inserts or replaces the row unless the stored state is newer. */
  async upsert(em: EntityManager, state: ReadModelState): Promise<void> {
    await em.getConnection().execute(
      `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at, received_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, now())
       on conflict (id) do update set
         name = excluded.name, delivery_type = excluded.delivery_type, price = excluded.price, active = excluded.active,
         physical = excluded.physical, required_files = excluded.required_files,
         source_updated_at = excluded.source_updated_at, received_at = excluded.received_at
       where catalogue_services.source_updated_at <= excluded.source_updated_at`,
      [
        state.id,
        state.name,
        state.deliveryType,
        centsToDecimal(state.priceCents),
        state.active,
        state.physical,
        JSON.stringify(state.requiredFiles),
        state.sourceUpdatedAt,
      ],
      'run',
      em.getTransactionContext(),
    );
  }

  async list(): Promise<CatalogueServiceView[]> {
    const rows = await this.em.fork().find(CatalogueServiceEntity, {}, { orderBy: { id: 'asc' } });
    return rows.map(toCatalogueServiceView);
  }

  async byIds(em: EntityManager, ids: number[]): Promise<Map<number, CatalogueServiceEntity>> {
    if (ids.length === 0) return new Map();
    const rows = await em.find(CatalogueServiceEntity, { id: { $in: ids } });
    return new Map(rows.map((row) => [row.id, row]));
  }

  async count(): Promise<number> {
    return this.em.fork().count(CatalogueServiceEntity, {});
  }
}
