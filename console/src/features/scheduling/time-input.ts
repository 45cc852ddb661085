/**
 * The hh:mm mask of the start and end time fields: typed digits fill "hh:mm" (the colon comes by
 * itself), anything else is dropped, at most 4 digits are kept.
 */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** "11:00:00" from the server → "11:00" in the field. */
export function timeForField(stored: string): string {
  return stored.slice(0, 5);
}

/** What is saved: 4 typed digits become "hh:mm:00"; anything else is sent as typed (the server explains what is wrong). */
export function timeForSave(field: string): string {
  const digits = field.replace(/\D/g, '');
  return digits.length === 4 && /^\d{2}:?\d{2}$/.test(field.trim()) ? `${digits.slice(0, 2)}:${digits.slice(2)}:00` : field.trim();
}
