import type { Lead as LeadView } from '@backoffice/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { maskSsn } from '../security/ssn-cipher';
import { sqlArray } from './sql-array';

/** The columns every lead list selects (never the encrypted SSN). */
export const leadColumns = (alias: string) =>
  ['id', 'group_id', 'first_name', 'last_name', 'work_at', 'gender', 'current_city', 'email', 'phone', 'notes', 'duplicate', 'ssn_last4']
    .map((column) => `${alias}.${column}`)
    .concat(`to_char(${alias}.dob, 'YYYY-MM-DD') as dob`)
    .join(', ');

export interface LeadRow {
  id: number;
  group_id: number;
  first_name: string;
  last_name: string;
  work_at: string;
  gender: string;
  current_city: string;
  dob: string | null;
  email: string;
  phone: string;
  notes: string;
  duplicate: boolean;
  ssn_last4: string | null;
}

export function toLeadView(row: LeadRow, sellers: string[] = []): LeadView {
  return {
    id: row.id,
    groupId: row.group_id,
    ssn: maskSsn(row.ssn_last4),
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    workAt: row.work_at,
    gender: row.gender,
    currentCity: row.current_city,
    dob: row.dob,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    duplicate: row.duplicate,
    sellers,
  };
}

/** Sellers' names of some leads, in assignment order. */
export async function sellersOf(em: EntityManager, leadIds: number[]): Promise<Map<number, string[]>> {
  const sellers = new Map<number, string[]>();
  if (leadIds.length === 0) return sellers;
  const rows = await em.execute<{ lead_id: number; name: string }[]>(
    `select a.lead_id, s.name from lead_assignments a join sales_agents s on s.user_id = a.user_id
     where a.lead_id = any(?::int[]) order by a.seq`,
    [sqlArray(leadIds)],
  );
  for (const row of rows) sellers.set(row.lead_id, [...(sellers.get(row.lead_id) ?? []), row.name]);
  return sellers;
}

/** Lead rows with their sellers, as the console gets them. */
export async function leadViews(em: EntityManager, rows: LeadRow[]): Promise<LeadView[]> {
  const sellers = await sellersOf(
    em,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLeadView(row, sellers.get(row.id) ?? []));
}
