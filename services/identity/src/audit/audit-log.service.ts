import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditEventData, AuditHistoryQuery, AuditQuery, AuditRecord, Page } from '@backoffice/contracts';
import { ForbiddenError, NotFoundError, pageOffset, SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { staffUserVisibleTo } from '../users/staff-admin.policy';
import { UserEntity } from '../users/user.entity';
import { historyAccess } from './audit-history-access.policy';

interface Row {
  id: string;
  request_id: string | null;
  occurred_at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_kind: AuditRecord['actor']['kind'];
  action: AuditRecord['action'];
  area: string;
  entity_type: string;
  record_id: string;
  changes: AuditRecord['changes'];
  total: string;
}

/** How a record is named in `subjects`, the array a record's history is found by. */
export const subjectOf = (area: string, entityType: string, recordId: string) => `${area}:${entityType}:${recordId}`;

/**
 * The audit log's store (docs/architecture.md, "Audit log"). The events of one request, from however many
 * services and flushes, make one record: the first creates it, the others add their changes. Records older
 * than AUDIT_RETENTION_DAYS are purged every AUDIT_PURGE_INTERVAL_MINUTES.
 */
@Injectable()
export class AuditLog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditLog');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly em: EntityManager,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.purgeQuietly(), this.config.AUDIT_PURGE_INTERVAL_MINUTES * 60_000);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Stores one audit event (in the consumer's inbox transaction). */
  async store(em: EntityManager, data: AuditEventData, requestId: string | undefined): Promise<void> {
    const changes = data.changes.map((change) => ({ ...change, area: data.area }));
    const subjects = [...new Set(changes.map((change) => subjectOf(data.area, change.entityType, change.recordId)))];
    const first = changes[0];
    await em.execute(
      `insert into audit_records
         (request_id, occurred_at, actor_id, actor_name, actor_kind, action, area, entity_type, record_id, subjects, changes)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?::jsonb)
       on conflict (request_id) do update set
         occurred_at = least(audit_records.occurred_at, excluded.occurred_at),
         subjects = array(select distinct unnest(audit_records.subjects || excluded.subjects)),
         changes = audit_records.changes || excluded.changes`,
      [
        requestId ?? null,
        data.at,
        data.actor.id,
        data.actor.name,
        data.actor.kind,
        first.action,
        data.area,
        first.entityType,
        first.recordId,
        JSON.stringify(subjects),
        JSON.stringify(changes),
      ],
    );
  }

  /** The Activity screen: newest first, filtered by person, area, kind of record, record and time. */
  list(query: AuditQuery): Promise<Page<AuditRecord>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (query.actorId) add('actor_id = ?', query.actorId);
    if (query.area) add('area = ?', query.area);
    // A record or a kind of record: any change of the action touched it.
    if (query.recordId && query.entityType) {
      add(
        `exists (select 1 from jsonb_array_elements(changes) c where c->>'recordId' = ? and c->>'entityType' = ?)`,
        query.recordId,
        query.entityType,
      );
    } else if (query.recordId) {
      add(`exists (select 1 from jsonb_array_elements(changes) c where c->>'recordId' = ?)`, query.recordId);
    } else if (query.entityType) {
      add(`exists (select 1 from jsonb_array_elements(changes) c where c->>'entityType' = ?)`, query.entityType);
    }
    if (query.from) add('occurred_at >= ?', query.from);
    if (query.to) add('occurred_at <= ?', query.to);
    return this.page(where, params, query.page, query.pageSize);
  }

  /**
   * One record's own history, by the subjects index, for a caller who may read the record elsewhere: a kind of record
   * only an Admin reads answers 403, a user the caller does not see 404 (as GET /api/identity/users/{id} does).
   */
  async history(query: AuditHistoryQuery, callerRoles: readonly string[]): Promise<Page<AuditRecord>> {
    const access = historyAccess(callerRoles, query.area, query.entityType);
    if (access === 'none') throw new ForbiddenError(`Only an Admin may read the history of ${query.area} ${query.entityType} records.`);
    if (access === 'visible-user') {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(query.recordId);
      const user = isUuid ? await this.em.fork().findOne(UserEntity, { id: query.recordId }, { fields: ['roles'] }) : null;
      if (!user || !staffUserVisibleTo(callerRoles, user.roles)) throw new NotFoundError('User', query.recordId);
    }
    return this.page(
      ['subjects @> array[?]::text[]'],
      [subjectOf(query.area, query.entityType, query.recordId)],
      query.page,
      query.pageSize,
    );
  }

  /** Deletes the records older than the retention; answers how many went. */
  async purge(): Promise<number> {
    const rows = await this.em
      .fork()
      .execute<{ id: string }[]>(`delete from audit_records where occurred_at < now() - make_interval(days => ?) returning id`, [
        this.config.AUDIT_RETENTION_DAYS,
      ]);
    return rows.length;
  }

  private async purgeQuietly(): Promise<void> {
    try {
      const purged = await this.purge();
      if (purged) this.logger.log({ msg: 'audit records past their retention purged', purged });
    } catch (error) {
      this.logger.warn({ msg: 'audit purge failed; tried again at the next interval', err: error });
    }
  }

  private async page(where: string[], params: unknown[], page: number, pageSize: number): Promise<Page<AuditRecord>> {
    const rows = await this.em.fork().execute<Row[]>(
      `select *, count(*) over () as total from audit_records
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by occurred_at desc, id desc limit ? offset ?`,
      [...params, pageSize, pageOffset(page, pageSize)],
    );
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        at: new Date(row.occurred_at).toISOString(),
        actor: { id: row.actor_id, name: row.actor_name, kind: row.actor_kind },
        action: row.action,
        area: row.area,
        entityType: row.entity_type,
        recordId: row.record_id,
        requestId: row.request_id,
        changes: row.changes,
      })),
      total: rows.length ? Number(rows[0].total) : await this.count(where, params),
      page,
      pageSize,
    };
  }

  /** The total when the page asked for is past the end (no row to carry it). */
  private async count(where: string[], params: unknown[]): Promise<number> {
    const [row] = await this.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from audit_records ${where.length ? `where ${where.join(' and ')}` : ''}`, params);
    return Number(row.n);
  }
}
