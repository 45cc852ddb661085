/*
 * The simulator's deterministic ledger: one settled batch per UTC day since 2025-01-01 (none on Sundays and none
 * for today, which has not settled yet), each with a fixed list of transactions derived from the
 * day number, including declined, voided and refunded ones, and one long batch every Monday (23
 * transactions) so paging is exercised. The same day always gives the same batch.
 */

export interface SimTransaction {
  transId: string;
  submitTimeUTC: string;
  submitTimeLocal: string;
  transactionStatus: string;
  invoiceNumber: string;
  firstName: string;
  lastName: string;
  accountType: string;
  accountNumber: string;
  settleAmount: number;
  marketType: string;
  product: string;
}

export interface SimBatch {
  batchId: string;
  settlementTimeUTC: string;
  settlementTimeLocal: string;
  settlementState: string;
  paymentMethod: string;
  marketType: string;
  product: string;
  day: number;
}

const DAY_MS = 86_400_000;
/** The merchant's time zone offset used for the "local" times (US Eastern, standard time). */
const LOCAL_OFFSET_MS = -5 * 3_600_000;
const BATCH_BASE = 10_000_000;
/** The merchant account's first settled batch. */
const HISTORY_START_DAY = Math.floor(Date.UTC(2025, 0, 1) / DAY_MS);

const FIRST_NAMES = ['Emily', 'James', 'Aisha', 'Carlos', 'Hannah', 'Wei', 'Fatima', 'Noah', 'Sofia', 'Kwame', 'Priya', 'Lucas'];
const LAST_NAMES = [
  'Carter',
  "O'Neill",
  'Rahman',
  'Mendoza',
  'Schmidt',
  'Zhang',
  'Al-Sayed',
  'Williams',
  'Rossi',
  'Mensah',
  'Nair',
  'Martin',
];
const CARDS = [
  { type: 'Visa', last4: ['1111', '4242', '0002'] },
  { type: 'MasterCard', last4: ['4444', '5100', '0008'] },
  { type: 'AmericanExpress', last4: ['0005', '8431'] },
  { type: 'Discover', last4: ['1117', '0012'] },
];

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const local = (ms: number) => new Date(ms + LOCAL_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, '');

export const dayNumber = (ms: number) => Math.floor(ms / DAY_MS);

/** The batch settled on a UTC day, or null (Sundays have none). */
export function batchOfDay(day: number): SimBatch | null {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  if (weekday === 0 || day < HISTORY_START_DAY) return null;
  const settled = day * DAY_MS + 23 * 3_600_000 + 5 * 60_000 + (day % 60) * 1000;
  return {
    batchId: String(BATCH_BASE + day),
    settlementTimeUTC: iso(settled),
    settlementTimeLocal: local(settled),
    settlementState: 'settledSuccessfully',
    paymentMethod: 'creditCard',
    marketType: 'eCommerce',
    product: 'Card Not Present',
    day,
  };
}

export function batchById(batchId: string): SimBatch | null {
  if (!/^\d+$/.test(batchId)) return null;
  const day = Number(batchId) - BATCH_BASE;
  if (day < 0 || day >= dayNumber(Date.now())) return null;
  return batchOfDay(day);
}

/** Transactions of a batch, in submit order. */
export function transactionsOf(batch: SimBatch): SimTransaction[] {
  const day = batch.day;
  const count = day % 7 === 4 ? 23 : 4 + (day % 5);
  const list: SimTransaction[] = [];
  for (let i = 0; i < count; i++) {
    const seed = day * 31 + i * 17;
    const card = CARDS[seed % CARDS.length]!;
    const submitted = (day - 1) * DAY_MS + 14 * 3_600_000 + i * 23 * 60_000 + (seed % 50) * 1000;
    let status = 'settledSuccessfully';
    if (i === 1 && day % 2 === 0) status = 'declined';
    else if (i === 2 && day % 3 === 0) status = 'voided';
    else if (i === 3) status = 'refundSettledSuccessfully';
    list.push({
      transId: String(60_000_000_000 + day * 100 + i),
      submitTimeUTC: iso(submitted),
      submitTimeLocal: local(submitted),
      transactionStatus: status,
      invoiceNumber: ((day * 7919 + i * 104_729) >>> 0).toString(16).padStart(8, '0').slice(-8),
      firstName: FIRST_NAMES[(day + i) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(day * 3 + i) % LAST_NAMES.length]!,
      accountType: card.type,
      accountNumber: `XXXX${card.last4[(day + i) % card.last4.length]}`,
      settleAmount: Math.round(1000 + ((day * 3701 + i * 5303) % 48_000)) / 100,
      marketType: 'eCommerce',
      product: 'Card Not Present',
    });
  }
  return list;
}

/** The provider's per-card statistics of a batch. */
export function statisticsOf(batch: SimBatch) {
  const byType = new Map<
    string,
    {
      accountType: string;
      chargeAmount: number;
      chargeCount: number;
      refundAmount: number;
      refundCount: number;
      voidCount: number;
      declineCount: number;
      errorCount: number;
    }
  >();
  for (const t of transactionsOf(batch)) {
    const s = byType.get(t.accountType) ?? {
      accountType: t.accountType,
      chargeAmount: 0,
      chargeCount: 0,
      refundAmount: 0,
      refundCount: 0,
      voidCount: 0,
      declineCount: 0,
      errorCount: 0,
    };
    if (t.transactionStatus === 'settledSuccessfully') {
      s.chargeAmount = Math.round((s.chargeAmount + t.settleAmount) * 100) / 100;
      s.chargeCount++;
    } else if (t.transactionStatus === 'refundSettledSuccessfully') {
      s.refundAmount = Math.round((s.refundAmount + t.settleAmount) * 100) / 100;
      s.refundCount++;
    } else if (t.transactionStatus === 'voided') s.voidCount++;
    else if (t.transactionStatus === 'declined') s.declineCount++;
    byType.set(t.accountType, s);
  }
  return [...byType.values()].sort((a, b) => b.chargeAmount - a.chargeAmount);
}
