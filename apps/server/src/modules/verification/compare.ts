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

/** A shop's payment account: the wallet's name ("KBZPay", never compared), the number, and the holder's name if known. */
export type PaymentAccount = { paymentName: string; phone: string; holderName?: string | null };

export type CompareOptions = {
  /** A receipt older than this before the order is refused (default 24 h). */
  windowMs: number;
  /** Clocks differ and many receipts print minutes only: a receipt this much after the order still counts. */
  skewMs?: number;
};

const DEFAULT_SKEW_MS = 2 * 60_000;
const YEAR_MS = 365 * 24 * 3600_000;
/** Below this a read amount disagreeing with a larger price proves nothing. */
const TINY_AMOUNT = 100;
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

/** Honorifics printed before Myanmar names (U, Daw, Ko, Ma, Mg…), in Latin letters and in Myanmar script. */
const HONORIFIC = /^(?:u|daw|ko|ma|mg|maung|saw|naw|sai|nang|dr|mr|mrs|ms|miss)\.?\s+|^(?:ဦး|ဒေါ်|ကို|မ|မောင်|စော|နော်)\s*/i;

/** A name to compare: honorifics (repeatedly: "Daw Ma …" is rare but real), case, spacing and punctuation dropped. */
export function nameKey(s: string): string {
  let rest = s.trim();
  for (let i = 0; i < 3; i++) {
    const next = rest.replace(HONORIFIC, '');
    if (next === rest) break;
    rest = next;
  }
  return rest.toLowerCase().replace(/[^a-z\u1000-\u109f]/g, '');
}

/** Whether a name can be compared with a holder's name at all: the same script, enough letters, no OCR debris. */
export function nameComparable(shown: string, account: string): boolean {
  const a = nameKey(shown);
  const b = nameKey(account);
  const latin = (x: string) => /^[a-z]+$/.test(x);
  const myanmar = (x: string) => /^[\u1000-\u109f]+$/.test(x);
  return a.length >= 3 && b.length >= 3 && ((latin(a) && latin(b)) || (myanmar(a) && myanmar(b)));
}

/**
 * A name a letter or so from the holder's ("Hin Wai" of Hnin Wai): an OCR slip as likely as another person, so it
 * neither agrees nor disagrees. One letter in four at most.
 */
function oneSlipAway(shown: string, account: string): boolean {
  const a = nameKey(shown);
  const b = nameKey(account);
  return editDistance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));
}

/**
 * Words of labels and titles that OCR of a sparse layout may leave where a name would be, and a wallet's or an
 * operator's name (whole, or its end: "BZPay" of a title "Transfer to KBZPay" that a photo's edge cut).
 */
const NOT_NAME_WORDS =
  /\b(?:number|mobile|phone|name|transfer|transferred|successful|success|completed|account|receiver|recipient|payee|amount|date|time|id|no|to|from|paid|payment|status|details?|[a-z]*pay|wallet|bank|mpt|atom|ooredoo|mytel)\b/i;

/**
 * Whether a name is enough of one to disagree: two words or more, or one of 5 letters or more, none a label's or a
 * title's word, each word as wallets print names (capitalised Latin letters, or Myanmar script). A short lone word
 * ("eff") is what OCR makes of a mask or an icon as often as a name; "Transfer Successful" is a title read where the
 * name would be; 'i" cce sful' is what OCR left of a blurred status line.
 */
function fullName(shown: string): boolean {
  if (NOT_NAME_WORDS.test(shown)) return false;
  const all = shown.replace(HONORIFIC, '').trim().split(/\s+/);
  if (!all.every((w) => /^[A-Z][A-Za-z]*\.?$/.test(w) || /^[\u1000-\u109f]+$/.test(w))) return false;
  const words = all.filter((w) => w.replace(/[^A-Za-z\u1000-\u109f]/g, '').length >= 2);
  return words.length >= 2 || nameKey(shown).length >= 5;
}

/** A name OCR cut letters off at an edge ("aw Zin" of Kyaw Zin): part of the holder's name, so it proves nothing. */
function cutShort(shown: string, account: string): boolean {
  const a = nameKey(shown);
  const b = nameKey(account);
  return a.length >= 3 && a !== b && (b.includes(a) || a.includes(b));
}

export function nameMatches(shown: string, account: string): boolean {
  return nameComparable(shown, account) && nameKey(shown) === nameKey(account);
}

/** Letters changed, added or dropped to turn one name key into another. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The words of a name as written in Latin letters, honorifics dropped, lower case. */
const nameWords = (name: string) =>
  name
    .replace(HONORIFIC, '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length >= 2);

/**
 * Whether a name read beside a number names someone other than the account's holder: plainly a person's name (two to
 * four capitalised Latin words, none a label's), and not one of its words within OCR's slips of any of the holder's.
 * Such a receipt pays someone else who shares the number's shown digits, or the number was misread: either way the
 * number can't vouch for it. Anything less sure (a label read as the name, a garbled name) leaves the number to decide.
 */
function namesSomeoneElse(shown: string | null, account: PaymentAccount): boolean {
  if (!shown || !account.holderName || !/^[a-z]+$/.test(nameKey(account.holderName))) return false;
  const words = shown.replace(HONORIFIC, '').trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || !words.every((w) => /^[A-Z][A-Za-z]+$/.test(w)) || NOT_NAME_WORDS.test(shown)) return false;
  const holder = nameWords(account.holderName);
  const near = (a: string, b: string) => editDistance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 3));
  return !nameWords(shown).some((w) => holder.some((h) => near(w, h)));
}

function fieldCheck(field: FieldCheck['field'], receipt: string | null, order: string | null, agrees: boolean | null): FieldCheck {
  const result: FieldResult = receipt === null || agrees === null ? 'unreadable' : agrees ? 'match' : 'mismatch';
  return { field, receipt, order, result };
}

/** Whether a shown phone has enough digits to decide: at least 3 at its end (masked) or a whole number. */
const phoneDecides = (phone: string) => /\d{3}$/.test(phone);

/**
 * A masked phone OCR misread: a digit among the mask characters ("****4*1122"), or more digits after the mask than
 * wallets show (4): "**+*+44567" for ******4567, a mask character read as a 4. It proves nothing either way.
 */
function maskDigitMisread(phone: string): boolean {
  const shown = normalizePhone(phone);
  if (/\*\d+\*/.test(shown)) return true;
  // Wallets show 3 or 4 digits after a mask: more is a misread whatever they are ("***xxx210292" of ******1122).
  return /\*\d{5,}$/.test(shown);
}

/**
 * A whole number that starts an account's number and is one or two digits short of it ("094500311" of 09450031122,
 * the line's end lost in a photo): a number OCR cut, not someone else's. It proves nothing either way.
 */
function cutShortPhone(phone: string, accounts: PaymentAccount[]): boolean {
  const shown = normalizePhone(phone);
  if (shown.includes('*') || shown.length < 9) return false;
  return accounts.some((a) => {
    const full = normalizePhone(a.phone).replace(/\*/g, '');
    return full.startsWith(shown) && full.length - shown.length <= 2 && full.length > shown.length;
  });
}

/**
 * The receipt's payee against the shop's accounts: agrees when its digits match an account's number (masked ones on
 * the digits shown) or its name matches an account holder's name. A wallet's own name never decides. Disagrees only
 * when something read with confidence disagrees: a number that matches none (and no holder's name matches), or a
 * name comparable with the holders' names that matches none while no number was read. Otherwise unread (null).
 * A number that matches while the name beside it names someone else is unread too. `nameAgrees: false` (a number
 * found by its shape): the name only ever holds the number back, never agrees in its place.
 */
export function receiverAgrees(
  receiver: ReceiptReading['receiver'],
  accounts: PaymentAccount[],
  options: { nameAgrees: boolean } = { nameAgrees: true },
): boolean | null {
  if (!receiver || !accounts.length) return null;
  const byName = (name: string | null) => name !== null && accounts.some((a) => a.holderName && nameMatches(name, a.holderName));
  const byNumber = receiver.phone ? accounts.filter((a) => phoneMatches(receiver.phone!, a.phone)) : [];
  if (byNumber.some((a) => !namesSomeoneElse(receiver.name, a))) return true;
  if (byNumber.length) return null;
  // Digits a garbled mask still shows, not agreeing: as if no number were read, the name alone decides.
  if (receiver.phoneDoubtful) return receiverAgrees({ name: receiver.name, phone: null }, accounts, options);
  const misread = (phone: string) => maskDigitMisread(phone) || cutShortPhone(phone, accounts);
  if (!options.nameAgrees) return receiver.phone && phoneDecides(receiver.phone) && !misread(receiver.phone) ? false : null;
  if (byName(receiver.name)) return true;
  if (receiver.phone && phoneDecides(receiver.phone)) return misread(receiver.phone) ? null : false;
  const holders = accounts.filter((a) => a.holderName);
  if (
    receiver.name &&
    fullName(receiver.name) &&
    holders.length === accounts.length &&
    holders.every((a) => nameComparable(receiver.name!, a.holderName!)) &&
    !holders.some((a) => cutShort(receiver.name!, a.holderName!) || oneSlipAway(receiver.name!, a.holderName!))
  )
    return false;
  return null;
}

const STATUS_WORDS: Record<NonNullable<ReceiptReading['status']>, string> = {
  success: 'Successful',
  failed: 'Failed',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

/** The reading an order is judged on: of an SMS thread, the message whose id ends with the buyer's digits, else the newest. */
export function messageFor(reading: ReceiptReading, transactionNumber: string): ReceiptReading {
  return reading.messages?.find((m) => m.transactionId?.endsWith(transactionNumber)) ?? reading;
}

export function compareReceipt(
  thread: ReceiptReading,
  order: OrderFacts,
  accounts: PaymentAccount[],
  options: CompareOptions,
): FieldCheck[] {
  // An SMS thread is judged on one message, whole, never on fields taken from several.
  const reading = messageFor(thread, order.transactionNumber);
  const checks: FieldCheck[] = [];
  // A field found by its shape alone (no label) that disagrees proves nothing: unread, never mismatch.
  const unlabelled = new Set<string>(reading.unlabelled ?? []);
  const check = (field: FieldCheck['field'], receipt: string | null, expected: string | null, agrees: boolean | null) =>
    fieldCheck(field, receipt, expected, agrees === false && unlabelled.has(field) ? null : agrees);

  const subTotal = String(order.subTotal);
  const amountAgrees = reading.amount === null ? null : cents(reading.amount) === cents(order.subTotal);
  checks.push(
    check(
      'amount',
      reading.amount === null ? null : String(reading.amount),
      subTotal,
      // A few kyats against a real price is what OCR leaves of a longer number ("5 Ks" of 48,000): unread, not wrong.
      amountAgrees === false && reading.amount! < TINY_AMOUNT && order.subTotal >= TINY_AMOUNT ? null : amountAgrees,
    ),
  );

  // Buyers are told to enter the last 6 digits of the id: the same digits anywhere else in it prove nothing.
  const txn = reading.transactionId;
  const digits = order.transactionNumber;
  // The buyer's digits one place off the end (a last digit OCR lost, or a stop it read as one more digit) are a misread
  // of that end, not other digits: unread, never a match either.
  const oneOff = txn !== null && digits.length === 6 && (txn.slice(-7, -1) === digits || digits.startsWith(txn.slice(-5)));
  checks.push(check('transactionId', txn, digits, txn === null ? null : txn.endsWith(digits) ? true : oneOff ? null : false));

  const placed = Date.parse(order.createdAt);
  const receiptTime = reading.time ? Date.parse(reading.time) : null;
  const within = (t: number) => t <= placed + (options.skewMs ?? DEFAULT_SKEW_MS) && t >= placed - options.windowMs;
  const inWindow = receiptTime === null ? null : within(receiptTime);
  // A date that would agree read as OCR may have misread it (a day's first digit lost, a two-digit year first):
  // unread, not old.
  const misread = inWindow === false && (reading.timeIfMisread ?? []).some((t) => within(Date.parse(t)));
  // A receipt dated a year or more away is a year OCR misread ("25.11.20" of ၂၅.၁၁.၂၀၂၆) far more often than a
  // receipt kept that long: unread, never a match either.
  const yearsAway = receiptTime !== null && Math.abs(receiptTime - placed) > YEAR_MS;
  // A receipt dated after its order was placed can't be: the screenshot came with the order. It is a digit or an hour
  // OCR misread ("25 Nov" of 23, "09:25" of 08:09:25 with the hour lost), never a receipt reused: unread, not a match.
  const afterOrder = inWindow === false && receiptTime! > placed;
  checks.push(
    check(
      'time',
      reading.time ? toYangon(reading.time) : null,
      toYangon(order.createdAt),
      misread || yearsAway || afterOrder ? null : inWindow,
    ),
  );

  const receiver = reading.receiver;
  const shown = receiver ? [receiver.name, receiver.phone].filter(Boolean).join(' ') : null;
  const accountsText = accounts.map((a) => [a.paymentName, a.holderName, a.phone].filter(Boolean).join(' ')).join(' · ') || null;
  // A number found by its shape (or the digits a garbled mask still shows) decides alone: a name beside it never
  // agrees in its place, though a name of someone else keeps it from agreeing.
  const byShape = unlabelled.has('receiver') && Boolean(receiver?.phone);
  checks.push(check('receiver', shown, accountsText, receiverAgrees(receiver, accounts, { nameAgrees: !byShape })));

  // Paid only when the receipt says so: a failed, cancelled or pending screen with every other field right is no payment.
  const status = reading.status;
  const statusShown = status === null ? null : (reading.statusText ?? STATUS_WORDS[status]);
  checks.push(check('status', statusShown, STATUS_WORDS.success, status === null ? null : status === 'success'));
  return checks;
}

/** mismatch if any field disagrees; match only if every field was read and agrees (status a success); otherwise unreadable. */
export function verdictOf(checks: FieldCheck[]): OrderVerdict {
  if (checks.some((c) => c.result === 'mismatch')) return 'mismatch';
  if (checks.length > 0 && checks.every((c) => c.result === 'match')) return 'match';
  return 'unreadable';
}
