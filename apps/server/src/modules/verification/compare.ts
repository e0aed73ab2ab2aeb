// Compares what was read from a receipt with the order and the shop's payment accounts, field by field, and decides
// the verdict. `match` needs every field read and agreeing: a careful assistant never says "match" when unsure.
import type { FieldCheck, FieldResult, OrderVerdict } from '@topup/contract/verification';
import type { ReceiptReading } from './receipt-text.ts';

export type OrderFacts = {
  subTotal: number;
  /** The buyer's 6-digit transaction number. */
  transactionNumber: string;
  /** When the order was placed (UTC ISO). */
  createdAt: string;
};

export type PaymentAccount = { paymentName: string; phone: string };

export type CompareOptions = {
  /** A receipt older than this before the order is refused (default 24 h). */
  windowMs: number;
  /** Clocks differ and many receipts print minutes only: a receipt this much after the order still counts. */
  skewMs?: number;
};

const DEFAULT_SKEW_MS = 2 * 60_000;
const cents = (n: number) => Math.round(n * 100);
/** Myanmar time for showing a receipt time to staff the way the wallet printed it. */
const toYangon = (iso: string) => new Date(Date.parse(iso) + 390 * 60_000).toISOString().replace('T', ' ').slice(0, 19);

/** 09…, 959…, +959… → 09… (digits only). */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[^\d*]/g, '');
  if (digits.startsWith('959')) return `0${digits.slice(2)}`;
  if (digits.startsWith('9') && !digits.startsWith('09') && digits.replace(/\*/g, '').length >= 8) return `0${digits}`;
  return digits;
}

/**
 * A masked phone (09*****1234, ******234) against a full one, on the digits shown: the digits before the mask must
 * start the number and the digits after it must end it. At least 3 shown digits at the end, so "******1" can't match.
 */
export function phoneMatches(shown: string, account: string): boolean {
  const full = normalizePhone(account).replace(/\*/g, '');
  const masked = normalizePhone(shown);
  if (!masked.includes('*')) return masked === full;
  const head = masked.slice(0, masked.indexOf('*'));
  const tail = masked.slice(masked.lastIndexOf('*') + 1);
  if (tail.length < 3 || /\d/.test(masked.slice(masked.indexOf('*'), masked.lastIndexOf('*')))) return false;
  return full.startsWith(head) && full.endsWith(tail) && head.length + tail.length <= full.length;
}

const nameKey = (s: string) => s.toLowerCase().replace(/[^a-z\u1000-\u109f]/g, '');

export function nameMatches(shown: string, account: string): boolean {
  const a = nameKey(shown);
  const b = nameKey(account);
  if (a.length < 3 || b.length < 3) return false;
  return a === b || (Math.min(a.length, b.length) >= 4 && (a.includes(b) || b.includes(a)));
}

function check(field: FieldCheck['field'], receipt: string | null, order: string | null, agrees: boolean | null): FieldCheck {
  const result: FieldResult = receipt === null || agrees === null ? 'unreadable' : agrees ? 'match' : 'mismatch';
  return { field, receipt, order, result };
}

export function compareReceipt(reading: ReceiptReading, order: OrderFacts, accounts: PaymentAccount[], options: CompareOptions): FieldCheck[] {
  const checks: FieldCheck[] = [];

  const subTotal = String(order.subTotal);
  checks.push(check('amount', reading.amount === null ? null : String(reading.amount), subTotal, reading.amount === null ? null : cents(reading.amount) === cents(order.subTotal)));

  const txn = reading.transactionId;
  checks.push(check('transactionId', txn, order.transactionNumber, txn === null ? null : txn.endsWith(order.transactionNumber) || txn.includes(order.transactionNumber)));

  const placed = Date.parse(order.createdAt);
  const receiptTime = reading.time ? Date.parse(reading.time) : null;
  const inWindow = receiptTime === null ? null : receiptTime <= placed + (options.skewMs ?? DEFAULT_SKEW_MS) && receiptTime >= placed - options.windowMs;
  checks.push(check('time', reading.time ? toYangon(reading.time) : null, toYangon(order.createdAt), inWindow));

  const receiver = reading.receiver;
  const shown = receiver ? [receiver.name, receiver.phone].filter(Boolean).join(' ') : null;
  const accountsText = accounts.map((a) => `${a.paymentName} ${a.phone}`).join(' · ') || null;
  let receiverAgrees: boolean | null = null;
  if (receiver && accounts.length) {
    // The phone decides when one was read; a name alone decides only when no phone is printed.
    receiverAgrees = receiver.phone
      ? accounts.some((a) => phoneMatches(receiver.phone!, a.phone))
      : accounts.some((a) => receiver.name !== null && nameMatches(receiver.name, a.paymentName));
  }
  checks.push(check('receiver', shown, accountsText, receiverAgrees));
  return checks;
}

/** mismatch if any field disagrees; match only if all four were read and agree; otherwise unreadable. */
export function verdictOf(checks: FieldCheck[]): OrderVerdict {
  if (checks.some((c) => c.result === 'mismatch')) return 'mismatch';
  if (checks.length > 0 && checks.every((c) => c.result === 'match')) return 'match';
  return 'unreadable';
}
