import { escapeLike } from '@backoffice/platform/worker';

/**
 * How a search term becomes SQL over a lead's name, email and phone. Terms of 3 characters or more
 * match anywhere (trigram index on `search_text`); shorter terms match the start of the first name,
 * last name, email or phone digits (prefix indexes). A term that looks like a phone number is
 * matched on its digits, however it is written.
 */
export interface SqlCondition {
  sql: string;
  params: string[];
}

const PHONE_LIKE = /^[+\d\s().\-/]+$/;

export function leadSearchCondition(term: string, alias = ''): SqlCondition | undefined {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const normalized = term.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!normalized) return undefined;
  const digits = normalized.replace(/\D/g, '');
  if (PHONE_LIKE.test(normalized) && digits.length > 0) {
    if (digits.length >= 3) return { sql: `${column('search_text')} like ?`, params: [`%${digits}%`] };
    return { sql: `${column('phone_key')} like ?`, params: [`${digits}%`] };
  }
  const words = normalized.split(' ');
  if (words.some((word) => word.length >= 3)) {
    return {
      sql: words.map(() => `${column('search_text')} like ?`).join(' and '),
      params: words.map((word) => `%${escapeLike(word)}%`),
    };
  }
  const prefix = (word: string) =>
    `(lower(${column('first_name')}) like ? or lower(${column('last_name')}) like ? or ${column('email_key')} like ?` +
    (/^\d+$/.test(word) ? ` or ${column('phone_key')} like ?)` : ')');
  return {
    sql: words.map(prefix).join(' and '),
    params: words.flatMap((word) => {
      const pattern = `${escapeLike(word)}%`;
      return /^\d+$/.test(word) ? [pattern, pattern, pattern, pattern] : [pattern, pattern, pattern];
    }),
  };
}
