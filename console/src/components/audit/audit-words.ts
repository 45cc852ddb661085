import type { AuditAction, AuditRecord } from '@backoffice/contracts';

/** The action as a person would say it. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  'signed-in': 'Signed in',
  'signed-out': 'Signed out',
  'sign-in-failed': 'Sign-in failed',
};

/** The areas of the product, as the navigation names them. */
export const AREA_LABELS: Record<string, string> = {
  identity: 'Users and sign-in',
  catalogue: 'Catalogue',
  crm: 'Leads (CRM)',
  orders: 'Orders and client services',
  geography: 'Geography',
  scheduling: 'Branches',
  payments: 'Payments',
};

/** "ClientService" → "Client service". */
export function entityLabel(entityType: string): string {
  const words = entityType
    .replace(/Record$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "passwordHash" → "password hash". */
export function fieldLabel(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A field's value in one line: "—" for none, lists and objects as compact text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ') || '—';
  return JSON.stringify(value);
}

/** What the record is about, in a few words: "Changed User 1f2e…". */
export function recordTitle(record: AuditRecord): string {
  return `${ACTION_LABELS[record.action]} · ${entityLabel(record.entityType)}`;
}

export const ACTION_COLORS: Record<AuditAction, 'success' | 'informative' | 'danger' | 'subtle' | 'warning'> = {
  created: 'success',
  updated: 'informative',
  deleted: 'danger',
  'signed-in': 'subtle',
  'signed-out': 'subtle',
  'sign-in-failed': 'warning',
};
