import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GEOGRAPHY_TOPIC, type GeographyLevel, type GeographyRecord, type GeographyRegionEvent } from '@backoffice/contracts';
import { OutboxService } from '@backoffice/platform';

export type RegionChange = 'created' | 'updated' | 'deleted';

/** Writes a geography change to the outbox in the caller's transaction (topic geography.region.v1). */
@Injectable()
export class RegionEvents {
  constructor(private readonly outbox: OutboxService) {}

  record(em: EntityManager, level: GeographyLevel, change: RegionChange, id: number, record: GeographyRecord | null): void {
    this.outbox.add<GeographyRegionEvent>(em, {
      topic: GEOGRAPHY_TOPIC,
      type: `${level}.${change}`,
      subject: `${level}:${id}`,
      data: { level, id, record },
    });
  }
}
