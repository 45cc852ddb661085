import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { AuditActor, AuditChange } from '@backoffice/contracts';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';
import { currentActor } from './audit-actor';
import { auditOutboxRow } from './audit-record';

/**
 * The audit log for changes the unit of work does not see (raw SQL, bulk statements) and for actions
 * that change no record (sign-in, sign-out, failed sign-in): the caller names what changed, and the
 * audit event goes into the outbox with `em`'s next flush, in its transaction.
 */
@Injectable()
export class AuditTrail {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: BaseConfig) {}

  /** Adds the audit event to `em` (flushed with the change); nothing when there is no actor and none is given. */
  record(em: EntityManager, changes: AuditChange[], actor: AuditActor | undefined = currentActor()): void {
    // An update that changed no field and says nothing else is no change.
    const real = changes.filter((change) => change.action !== 'updated' || Object.keys(change.fields).length || change.note);
    if (!actor || !real.length) return;
    em.persist(auditOutboxRow(this.config.SERVICE_NAME, actor, real));
  }
}
