import {
  ChangeSetType,
  helper,
  type ChangeSet,
  type EntityManager,
  type EntityProperty,
  type Platform,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
  type UnitOfWork,
} from '@mikro-orm/core';
import type { AuditActor, AuditChange } from '@backoffice/contracts';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { InboxEvent } from '../outbox/inbox-event.entity';
import { currentActor } from './audit-actor';
import { auditOutboxRow, changedFields } from './audit-record';

interface Pending {
  actor: AuditActor;
  changeSets: ChangeSet<object>[];
}

const KINDS: Partial<Record<ChangeSetType, AuditChange['action']>> = {
  [ChangeSetType.CREATE]: 'created',
  [ChangeSetType.UPDATE]: 'updated',
  [ChangeSetType.DELETE]: 'deleted',
};

/**
 * Records every change a signed-in actor's unit of work flushes (docs/architecture.md, "Audit log"): one
 * audit event per flush, with each changed record's fields before and after, inserted into the outbox in
 * the flush's own transaction. The change sets are taken at `onFlush` and written once the rows are in
 * (new records have their ids then): before the commit of the flush's own transaction, or right after the
 * flush inside a transaction the caller opened. Work with no actor (event handlers, jobs, seeds) is not audited.
 */
export class AuditSubscriber implements EventSubscriber {
  private readonly pending = new WeakMap<UnitOfWork, Pending>();
  private readonly skipped: ReadonlySet<string>;

  constructor(
    private readonly service: string,
    /** Entities that are not staff data (tokens, caches, read models): never recorded. */
    notAudited: readonly string[] = [],
  ) {
    this.skipped = new Set([OutboxEvent.name, InboxEvent.name, ...notAudited]);
  }

  onFlush({ uow }: FlushEventArgs): void {
    const actor = currentActor();
    if (!actor) return;
    const changeSets = uow.getChangeSets().filter((cs) => KINDS[cs.type] && !this.skipped.has(cs.meta.className) && !cs.meta.pivotTable);
    if (!changeSets.length) return;
    const earlier = this.pending.get(uow);
    this.pending.set(uow, { actor, changeSets: [...(earlier?.changeSets ?? []), ...changeSets] });
  }

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    // Inside the caller's transaction: written now, committed or rolled back with the change.
    if (em.isInTransaction()) await this.write(em, uow, em.getTransactionContext());
  }

  async beforeTransactionCommit({ em, uow, transaction }: TransactionEventArgs): Promise<void> {
    if (uow) await this.write(em, uow, transaction);
  }

  afterTransactionRollback({ uow }: TransactionEventArgs): void {
    if (uow) this.pending.delete(uow);
  }

  private async write(em: EntityManager, uow: UnitOfWork, transaction: unknown): Promise<void> {
    const pending = this.pending.get(uow);
    if (!pending) return;
    this.pending.delete(uow);
    const platform = em.getPlatform();
    const changes = pending.changeSets.map((cs) => describe(cs, platform));
    const row = auditOutboxRow(this.service, pending.actor, changes);
    await em
      .getConnection()
      .execute(
        'insert into outbox (id, topic, key, type, payload, request_id, created_at) values (?, ?, ?, ?, ?, ?, ?)',
        [row.id, row.topic, row.key, row.type, JSON.stringify(row.payload), row.requestId ?? null, row.createdAt],
        'run',
        transaction as never,
      );
  }
}

/** Bookkeeping every record has: its own id is the record id, and the times say nothing about what changed. */
const BOOKKEEPING = new Set(['createdAt', 'updatedAt']);

/** One change set in the audit log's words: the record, and the fields that changed (all of them when created or deleted). */
function describe(cs: ChangeSet<object>, platform: Platform): AuditChange {
  const action = KINDS[cs.type]!;
  const wrapped = helper(cs.entity);
  const recordId = wrapped.getSerializedPrimaryKey() ?? cs.getSerializedPrimaryKey() ?? '';
  // Values as the code holds them (a text[] column's "{a,b}" is the list it stands for).
  const plain = (data: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(
      keys
        .filter((key) => !BOOKKEEPING.has(key) && !(action !== 'updated' && cs.meta.primaryKeys.includes(key as never)))
        .map((key) => [key, jsValue(cs.meta.properties[key as keyof object] as EntityProperty | undefined, data[key], platform)]),
    );
  const original = (cs.originalEntity ?? {}) as Record<string, unknown>;
  const payload = cs.payload as Record<string, unknown>;
  const fields =
    action === 'created'
      ? changedFields(undefined, plain(payload, Object.keys(payload)))
      : action === 'deleted'
        ? changedFields(plain(original, Object.keys(original)), undefined)
        : changedFields(plain(original, Object.keys(payload)), plain(payload, Object.keys(payload)));
  // The domain noun: entity classes are named <Thing>Entity (docs/conventions.md), the log and the console say <Thing>.
  return { entityType: cs.meta.className.replace(/Entity$/, ''), recordId: String(recordId), action, fields };
}

function jsValue(property: EntityProperty | undefined, value: unknown, platform: Platform): unknown {
  if (value === null || value === undefined || !property?.customType) return value;
  try {
    return property.customType.convertToJSValue(value, platform);
  } catch {
    return value;
  }
}
