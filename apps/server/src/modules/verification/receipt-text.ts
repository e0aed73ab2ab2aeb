// Reads the fields a Myanmar wallet receipt shows (KBZPay, WavePay, AYA Pay, CB Pay and the like) out of OCR text.
// A field is read only when the text says it unambiguously; otherwise it is null ("unreadable"), never a guess.

export type ReceiptReading = {
  /** The amount as printed, without its sign (payments show "-10,000 Ks"), in kyats. */
  amount: number | null;
  /** The receipt's transaction id: the long number, digits only. */
  transactionId: string | null;
  /** The receipt time as UTC ISO text (wallets print Myanmar time, UTC+6:30). */
  time: string | null;
  /** The receiver as printed: a name and/or a (masked) phone number. */
  receiver: { name: string | null; phone: string | null } | null;
};

const BURMESE_DIGITS = /[\u1040-\u1049]/g;

/** Burmese digits ၀–၉ to 0–9, and the look-alike dashes, spaces and stars OCR produces to plain ones. */
export function normalizeText(text: string): string {
  return text
    .replace(BURMESE_DIGITS, (d) => String(d.charCodeAt(0) - 0x1040))
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[∗⁎✱]/g, '*')
    .replace(/[ \t]+/g, ' ');
}

// Labels, English and Burmese, as wallets print them. Matching is case-insensitive on the normalised line.
const AMOUNT_LABELS = [/\bamount\b/i, /\btotal\b/i, /ငွေပမာဏ/, /ပမာဏ/, /စုစုပေါင်း/];
const FEE_LABELS = [/\bfee\b/i, /\bcharges?\b/i, /\bcommission\b/i, /\bbalance\b/i, /ဝန်ဆောင်ခ/, /လက်ကျန်/, /ကော်မရှင်/];
const TXN_LABELS = [/\btrans(?:action)?\.?\s*(?:id|no\.?|number)\b/i, /\btxn\s*(?:id|no\.?)\b/i, /\breference\b/i, /\bref\.?\s*no\b/i, /ငွေလွှဲအမှတ်/, /လုပ်ငန်းစဉ်အမှတ်/, /ငွေလွှဲနံပါတ်/];
const TIME_LABELS = [/\b(?:date|time|transaction time)\b/i, /နေ့စွဲ/, /အချိန်/, /ရက်စွဲ/];
const SENDER_LABELS = [/\b(?:from|sender|payer)\b/i, /ပေးပို့သူ/];
const RECEIVER_LABELS = [/\b(?:to|receiver|recipient|transfer to|send to|paid to)\b/i, /လက်ခံသူ/, /ငွေလက်ခံသူ/];

const CURRENCY = '(?:Ks\\.?|MMK|Kyats?|ကျပ်)';
/** A number with optional sign and thousands separators, e.g. -12,500 or 12500.00. */
// It must start a word: in "-6),600 Ks" or "-3:000 Ks" (a Burmese digit tesseract could not read) the rest is no amount.
const NUMBER = '(?<=^|[\\s(]|(?<!\\d):)([-+]?)\\s?(\\d{1,3}(?:[,.]\\d{3})+|\\d+)(?:\\.(\\d{1,2}))?(?![\\d,.]\\d)';
const AMOUNT_AFTER = new RegExp(`${NUMBER}\\s?${CURRENCY}(?![a-z])`, 'gi');
const AMOUNT_BEFORE = new RegExp(`${CURRENCY}\\s?${NUMBER.replace('(?<=^|[\\s(]|(?<!\\d):)', '')}`, 'gi');

const has = (labels: RegExp[], line: string) => labels.some((l) => l.test(line));

function toAmount(sepGroup: string, decimals: string | undefined): number | null {
  // "12,500" and "12.500" (some apps) are thousands; a lone dot with 1–2 digits is decimals (captured separately).
  const digits = sepGroup.replace(/[,.]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  // No amount is printed with a leading zero: "-:000 Ks" is ၃,၀၀၀ whose first digit the English data lost (read at
  // phone-screenshot size), not 0, and must leave the line unread (suspect, read again in Burmese).
  if (/^0\d/.test(sepGroup)) return null;
  const value = Number(digits) + (decimals ? Number(`0.${decimals}`) : 0);
  return Number.isFinite(value) ? value : null;
}

function amountsIn(line: string): number[] {
  const found: number[] = [];
  for (const re of [AMOUNT_AFTER, AMOUNT_BEFORE]) {
    re.lastIndex = 0;
    for (const m of line.matchAll(re)) {
      const value = toAmount(m[2]!, m[3]);
      if (value !== null) found.push(value);
    }
  }
  return found;
}

/** The amount on the labelled line(s); else the single distinct currency amount in the text. Zero is never the amount. */
export function readAmount(lines: string[]): number | null {
  const labelled: number[] = [];
  const all: number[] = [];
  lines.forEach((line, i) => {
    if (has(FEE_LABELS, line)) return;
    const here = amountsIn(line);
    all.push(...here);
    if (has(AMOUNT_LABELS, line)) {
      // A label on its own line with the value on the next one is common in card layouts.
      labelled.push(...(here.length ? here : has(FEE_LABELS, lines[i + 1] ?? '') ? [] : amountsIn(lines[i + 1] ?? '')));
    }
  });
  const distinct = (xs: number[]) => [...new Set(xs.filter((x) => x > 0))];
  const fromLabels = distinct(labelled);
  if (fromLabels.length === 1) return fromLabels[0]!;
  if (fromLabels.length > 1) return null;
  const anywhere = distinct(all);
  return anywhere.length === 1 ? anywhere[0]! : null;
}

const CURRENCY_WORD = new RegExp(`(?<![a-z])${CURRENCY}(?![a-z])`, 'i');

/** The currency word of a line that may carry the amount (it shows a currency and is no fee or balance line). */
export function amountLineCurrency(line: string): string | null {
  const normalized = normalizeText(line);
  return has(FEE_LABELS, normalized) ? null : (normalized.match(CURRENCY_WORD)?.[0] ?? null);
}

/**
 * Whether the English reading of a receipt's amount lines is suspect: one line shows a currency but no amount the
 * text can be read as, or the amount lines give different amounts. Burmese digits (၀–၉) do that: the English OCR data
 * turns them into letters and signs ("-J9.000 MMK" for ၂၅,၀၀၀) or, worse, into other digits ("2,000.00 Ks" beside
 * "-3,000.00 Ks" for ၃,၀၀၀). `lines` as the OCR gave them.
 */
export function amountsSuspect(lines: string[]): boolean {
  const amounts = new Set<number>();
  for (const line of lines) {
    if (amountLineCurrency(line) === null) continue;
    const here = amountsIn(normalizeText(line).trim());
    if (!here.length) return true;
    here.filter((a) => a > 0).forEach((a) => amounts.add(a));
  }
  return amounts.size > 1;
}

/** A whole number first, sign and thousands separators allowed, then a space or the end: nothing else is taken. */
const LEADING_NUMBER = /^([-+]?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?=\s|$)/;

/**
 * An amount line read again with the Burmese OCR data, as "<number> <currency>" for readAmount, or null. That data
 * reads Burmese digits but not the Latin currency word (the English reading supplies it, `amountLineCurrency`),
 * and it sometimes doubles a separator ("၁၂,.၅၀၀"): a run of separators before a group of three digits is one
 * thousands separator. Anything else in the number (a letter among the digits, a group of two) leaves it unread.
 */
export function burmeseAmountLine(text: string, currency: string): string | null {
  const normalized = normalizeText(text)
    .trim()
    .replace(/(\d)[,.]{2,}(?=\d{3}(?!\d))/g, '$1,')
    // "12.500" is printed by some apps for 12,500 (see toAmount); a lone dot before two digits stays the decimals.
    .replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1,');
  const m = normalized.match(LEADING_NUMBER);
  if (!m) return null;
  return `${m[1]}${m[2]}${m[3] ? `.${m[3]}` : ''} ${currency}`;
}

/** Digit runs of 10+ (spaces or dashes inside are tolerated) on one line. */
function longNumbersIn(line: string): string[] {
  const runs = line.match(/\d[\d -]{8,}\d/g) ?? [];
  return runs
    .map((r) => r.replace(/[ -]/g, ''))
    .filter((d) => d.length >= 10 && d.length <= 40 && !looksLikePhone(d) && !looksLikeDateTime(d));
}

const looksLikePhone = (digits: string) => /^(?:09|959)\d{7,9}$/.test(digits);
/** "2026-11-23 14:05" read as one run of digits. */
const looksLikeDateTime = (digits: string) => digits.length <= 14 && /^(?:20\d{2}[01]\d[0-3]\d|[0-3]\d[01]\d20\d{2})/.test(digits);

/** The transaction id: the long number on a transaction-id line (or the next one); else the only long number. */
export function readTransactionId(lines: string[]): string | null {
  const labelled = new Set<string>();
  const all = new Set<string>();
  lines.forEach((line, i) => {
    const here = longNumbersIn(line);
    here.forEach((d) => all.add(d));
    if (has(TXN_LABELS, line)) (here.length ? here : longNumbersIn(lines[i + 1] ?? '')).forEach((d) => labelled.add(d));
  });
  if (labelled.size === 1) return [...labelled][0]!;
  if (labelled.size > 1) return null;
  if (all.size === 1) return [...all][0]!;
  // Unlabelled (e.g. Burmese labels the English OCR data turns into stray digits): ids run 14–20 digits, so a single
  // run of 12 or more beside only shorter ones is the id.
  const long = [...all].filter((d) => d.length >= 12);
  return long.length === 1 ? long[0]! : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Myanmar Standard Time, UTC+6:30, no daylight saving. */
const YANGON_OFFSET_MINUTES = 390;

type DateParts = { y: number; mo: number; d: number };

function findDate(line: string): DateParts | null {
  let m = line.match(/\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/);
  if (m) return { y: +m[1]!, mo: +m[2]!, d: +m[3]! };
  m = line.match(/\b(\d{1,2})[-/.](\d{1,2})[-/.](20\d{2})\b/);
  // Day first (23/11/2026), as Myanmar apps print it; a first number above 12 can only be a day anyway.
  if (m) return { y: +m[3]!, mo: +m[2]!, d: +m[1]! };
  m = line.match(/\b(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -,]*(20\d{2})\b/);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) return { y: +m[3]!, mo: MONTHS.indexOf(m[2]!.toLowerCase()) + 1, d: +m[1]! };
  m = line.match(/\b([A-Za-z]{3})[a-z]*[ .]+(\d{1,2}),?[ ]+(20\d{2})\b/);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return { y: +m[3]!, mo: MONTHS.indexOf(m[1]!.toLowerCase()) + 1, d: +m[2]! };
  return null;
}

function findClock(line: string): { h: number; mi: number; s: number } | null {
  const m = line.match(/\b(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?(?![\d:])/);
  if (!m) return null;
  let h = +m[1]!;
  const mi = +m[2]!;
  const s = m[3] ? +m[3] : 0;
  const half = m[4]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return null;
    if (half === 'pm' && h !== 12) h += 12;
    if (half === 'am' && h === 12) h = 0;
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return { h, mi, s };
}

/** The receipt's date and time (Myanmar time) as UTC ISO text; date and clock may sit on adjacent lines. */
export function readTime(lines: string[]): string | null {
  const found = new Set<string>();
  lines.forEach((line, i) => {
    const date = findDate(line);
    if (!date) return;
    const clock = findClock(line.replace(/\b20\d{2}[-/.]\d{1,2}[-/.]\d{1,2}\b/, '')) ?? findClock(lines[i + 1] ?? '');
    if (!clock) return;
    const { y, mo, d } = date;
    if (mo < 1 || mo > 12 || d < 1 || d > 31) return;
    const utc = Date.UTC(y, mo - 1, d, clock.h, clock.mi, clock.s) - YANGON_OFFSET_MINUTES * 60_000;
    const check = new Date(utc + YANGON_OFFSET_MINUTES * 60_000);
    if (check.getUTCDate() !== d) return; // 31 Feb and the like
    found.add(new Date(utc).toISOString());
  });
  // Several different times (e.g. a statement) mean we can't tell which one is this payment.
  return found.size === 1 ? [...found][0]! : null;
}

/** Characters wallets mask phone digits with, and what OCR makes of asterisks (¥, %, #, +). */
const MASK = '[*xX•·¥%#+]';
/** A phone number, possibly masked (09*****1234, ******1234, +959 7xx xxx 123). */
// Not inside a longer number: a transaction id often contains "09…". Among three or more mask characters, a letter
// is one more misread asterisk ("*¥¥¥*+q1122").
const PHONE = new RegExp(
  `(?<!\\d)(?:(?:\\+?95\\s?|0)9(?:[\\d .-]|${MASK}){5,14}\\d|${MASK}{3,}(?:[\\d -]|${MASK}|[A-Za-z](?=${MASK}|\\d))*\\d{2,})(?!\\d)`,
);

function cleanPhone(raw: string): string | null {
  const international = /^\+?95/.test(raw);
  const body = raw.replace(/^\+?95/, '').replace(/[\s.-]/g, '').replace(new RegExp(MASK, 'g'), '*').replace(/[A-Za-z]/g, '*');
  const compact = international ? `95${body}` : body;
  return compact.replace(/\D/g, '').length >= 3 ? compact : null;
}

const isLabel = (line: string) => [AMOUNT_LABELS, FEE_LABELS, TXN_LABELS, TIME_LABELS, RECEIVER_LABELS, SENDER_LABELS].some((l) => has(l, line)) || /^transaction type$/i.test(line.trim());

/** The receiver: the text after a receiver label (same line, else the next line), split into name and phone. */
export function readReceiver(lines: string[]): { name: string | null; phone: string | null } | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const label = RECEIVER_LABELS.map((l) => line.match(l)).find((m) => m);
    if (!label || has(TXN_LABELS, line) || has(TIME_LABELS, line)) continue;
    let value = line.slice((label.index ?? 0) + label[0].length).replace(/^[\s:：\-–>]+/, '').trim();
    // The value on the next line, unless that line is itself a label (OCR of sparse layouts reorders lines).
    if (!value) value = isLabel(lines[i + 1] ?? '') ? '' : (lines[i + 1] ?? '').trim();
    if (!value) continue;
    const phoneMatch = value.match(PHONE);
    const phone = phoneMatch ? cleanPhone(phoneMatch[0]) : null;
    const rest = (phoneMatch ? value.replace(phoneMatch[0], ' ') : value).replace(/[()[\]|,:]/g, ' ').replace(/\s+/g, ' ').trim();
    // A name is letters (Latin or Myanmar); OCR noise of one or two characters is not a name.
    const name = /[A-Za-z\u1000-\u109f]{2,}/.test(rest) && rest.length >= 3 ? rest : null;
    // Digits left beside the words are a phone number OCR garbled (or a misplaced date line): a name alone must not
    // decide this receiver. Another line may still show the number whole.
    if (!phone && /\d{2,}/.test(rest)) continue;
    // A following line that is only a phone belongs to the receiver too (name on one line, number under it).
    let finalPhone = phone;
    if (!finalPhone) {
      const next = (lines[i + 1] ?? '').trim();
      const nextPhone = next.match(PHONE);
      if (nextPhone && nextPhone[0].length >= next.length - 2) finalPhone = cleanPhone(nextPhone[0]);
    }
    if (name || finalPhone) return { name, phone: finalPhone };
  }
  // No label read (often Burmese labels, which the English OCR data can't read): the one line that shows a phone
  // number, with the name beside it, is the receiver. Two different numbers: we can't tell which, so none.
  const found = new Map<string, { name: string | null; phone: string }>();
  for (const line of lines) {
    if (has(SENDER_LABELS, line) || has(TXN_LABELS, line)) continue;
    const m = line.match(PHONE);
    const phone = m ? cleanPhone(m[0]) : null;
    if (!m || !phone || !phone.includes('*') && phone.replace(/\D/g, '').length < 9) continue;
    const rest = line.replace(m[0], ' ').replace(/[()[\]|,:]/g, ' ').replace(/\s+/g, ' ').trim();
    found.set(phone, { name: /^[A-Za-z][A-Za-z .'-]{2,}$/.test(rest) ? rest : null, phone });
  }
  return found.size === 1 ? [...found.values()][0]! : null;
}

export function readReceipt(text: string): ReceiptReading {
  const lines = normalizeText(text)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    amount: readAmount(lines),
    transactionId: readTransactionId(lines),
    time: readTime(lines),
    receiver: readReceiver(lines),
  };
}
