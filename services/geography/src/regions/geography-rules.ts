import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, DomainError, InvalidInputError } from '@backoffice/platform';

/** Where a record sits: its table, and its parent column and id when it has a parent. */
export interface NameScope {
  table: 'countries' | 'states' | 'cities' | 'boroughs' | 'areas';
  /** "state", "city", … as the user reads it. */
  what: string;
  parent?: { column: string; id: number; what: string };
}

/**
 * Names are unique (ignoring case) within their parent. Checked before writing so the answer names
 * the field; the unique index behind it catches a concurrent duplicate.
 */
export async function assertNameFree(em: EntityManager, scope: NameScope, name: string, excludeId = 0): Promise<void> {
  const parentClause = scope.parent ? `and ${scope.parent.column} = ?` : '';
  const params: unknown[] = [name, ...(scope.parent ? [scope.parent.id] : []), excludeId];
  const rows = await em.execute(`select 1 from ${scope.table} where lower(name) = lower(?) ${parentClause} and id <> ? limit 1`, params);
  if (rows.length) {
    const where = scope.parent ? ` in this ${scope.parent.what}` : '';
    throw new DomainError('duplicate_name', `A ${scope.what} named "${name}" already exists${where}.`, 409, [
      { path: 'name', message: `A ${scope.what} with this name already exists${where}.` },
    ]);
  }
}

/** Short names are unique per parent (countries: overall). */
export async function assertShortNameFree(em: EntityManager, scope: NameScope, shortName: string, excludeId = 0): Promise<void> {
  const parentClause = scope.parent ? `and ${scope.parent.column} = ?` : '';
  const params: unknown[] = [shortName, ...(scope.parent ? [scope.parent.id] : []), excludeId];
  const rows = await em.execute<{ name: string }[]>(
    `select name from ${scope.table} where short_name = ? ${parentClause} and id <> ? limit 1`,
    params,
  );
  if (rows.length) {
    const where = scope.parent ? ` in this ${scope.parent.what}` : '';
    throw new DomainError('duplicate_short_name', `The short name ${shortName} is already used by ${rows[0].name}${where}.`, 409, [
      { path: 'shortName', message: `Already used by ${rows[0].name}${where}.` },
    ]);
  }
}

/** A record with children cannot be deleted; the answer says how many it has. */
export function refuseDeleteWithChildren(count: number, record: { what: string; name: string }, child: [string, string]): void {
  if (count <= 0) return;
  const children = `${count} ${count === 1 ? child[0] : child[1]}`;
  throw new ConflictError(
    `The ${record.what} "${record.name}" has ${children}; delete ${count === 1 ? 'it' : 'them'} first.`,
    'has_children',
  );
}

/** A parent named in a body must exist: a field error on that field otherwise. */
export function missingParent(field: string, what: string, id: number): InvalidInputError {
  return new InvalidInputError([{ path: field, message: `${what} ${id} does not exist.` }], `${what} ${id} does not exist.`);
}

/** A PUT body may carry the record's id; when it does, it must be the one in the path. */
export function assertBodyId(pathId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== 0 && bodyId !== pathId) {
    throw new InvalidInputError([{ path: 'id', message: `The id in the body (${bodyId}) is not the one in the path (${pathId}).` }]);
  }
}
