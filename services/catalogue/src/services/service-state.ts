import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATALOGUE_SERVICE_TOPIC, type CatalogueServiceEventType, type Service } from '@backoffice/contracts';
import { OutboxService } from '@backoffice/platform';
import type { CatalogueServiceEntity } from './service.entity';

/** The full state of a service: what the API answers and what the topic carries. Needs serviceFiles loaded. */
export function toServiceDto(service: CatalogueServiceEntity): Service {
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

  changed(em: EntityManager, service: CatalogueServiceEntity, type: Exclude<CatalogueServiceEventType, 'deleted'>): Service {
    const state = toServiceDto(service);
    this.outbox.add(em, { topic: CATALOGUE_SERVICE_TOPIC, type, subject: String(service.id), data: state });
    return state;
  }

  /** A deleted service: a `deleted` event naming it, then a tombstone (the outbox's deletion convention). */
  deleted(em: EntityManager, id: number): void {
    this.outbox.deleted(em, { topic: CATALOGUE_SERVICE_TOPIC, subject: String(id), data: { id } });
  }
}
