import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATALOGUE_SERVICE_TOPIC, type CatalogueServiceEventType, type Service } from '@backoffice/contracts';
import { OutboxService, topicName } from '@backoffice/platform';
import type { CatalogueService } from './service.entity';

/** The full state of a service: what the API answers and what the topic carries. Needs serviceFiles loaded. */
export function toServiceDto(service: CatalogueService): Service {
  return {
    id: service.id,
    active: service.active,
    name: service.name,
    description: service.description,
    description_Ar: service.descriptionAr,
    categoryId: service.categoryId,
    images: service.images,
    deliveryTime: service.deliveryTime,
    deliveryTimeRate: service.deliveryTimeRate,
    deliveryType: service.deliveryType,
    shippingType: service.shippingType,
    priceBefore: Number(service.priceBefore),
    price: Number(service.price),
    physical: service.physical,
    electronical: service.electronical,
    branches: service.branches,
    serviceFiles: service.serviceFiles
      .getItems()
      .map((file) => ({ id: file.id, name: file.name, accept: file.accept }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id),
    createdAt: service.createdAt.toISOString(),
    updatedAt: service.updatedAt.toISOString(),
  };
}

/**
 * catalogue.service.v1: compacted, key = service id. Every change writes the full state into the
 * outbox in the caller's transaction; a delete writes a tombstone.
 */
@Injectable()
export class ServiceEvents {
  constructor(private readonly outbox: OutboxService) {}

  changed(em: EntityManager, service: CatalogueService, type: CatalogueServiceEventType): Service {
    const state = toServiceDto(service);
    this.outbox.add(em, { topic: CATALOGUE_SERVICE_TOPIC, type, subject: String(service.id), data: state });
    return state;
  }

  /**
   * The tombstone row is written with SQL in the same transaction: the platform's OutboxEvent entity
   * does not declare `payload` nullable (the column is), so `outbox.add(em, { data: null })` fails validation.
   */
  async deleted(em: EntityManager, id: number): Promise<void> {
    await em
      .getConnection()
      .execute(
        'insert into outbox (id, topic, key, type, payload) values (?, ?, ?, ?, null)',
        [randomUUID(), topicName(CATALOGUE_SERVICE_TOPIC), String(id), 'deleted'],
        'run',
        em.getTransactionContext(),
      );
  }
}
