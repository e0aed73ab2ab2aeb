// Reads a wallet's or phone operator's message: which wallet, which way the money went, the amount, the transaction
// id, who sent it and when. Pure (no I/O, no clock): the same text always reads the same. Rules live in
// wallet-rules.ts; what no rule reads comes back with kind null and is kept as "unread" for staff.
import type { NoticeKind, Wallet } from '@topup/contract/payment-phones';
import { COMMON_TXN_LABELS, KIND_RULES, NOT_THE_AMOUNT, SENDER_LABELS, WALLET_RULES } from './wallet-rules.ts';

export type ParsedNotice = {
  wallet: Wallet | null;
  kind: NoticeKind | null;
  amount: number | null;
  transactionId: string | null;
  /** A name, or a phone number as digits when only a number is given. */
  sender: string | null;
  /** ISO UTC, from the time in the text read as Myanmar time (UTC+06:30); null when the text gives none. */
  paidAt: string | null;
};

/** Myanmar Standard Time: the wallets write local times without a zone. */
const MMT_OFFSET_MINUTES = 390;

/** Burmese digits to ASCII, the look-alike letters ဝ (wa) and ၀ (zero) inside numbers, and spacing made plain. */
export function normalizeText(text: string): string {
  let s = text.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040));
  // ဝ (U+101D) is written for zero inside numbers: only between digits or digit separators.
  s = s.replace(/(?<=\d,?)ဝ|ဝ(?=,?\d)/g, '0');
  s = s.replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ');
  return s.replace(/[ \t]+/g, ' ').replace(/\r\n?/g, '\n');
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

function detectWallet(text: string, from: string | null): Wallet | null {
  const haystacks = [from ?? '', text].map(squash);
  for (const hay of haystacks) {
    // Longer names first, so "kbz pay" is not taken for another wallet's shorter alias.
    for (const rule of WALLET_RULES) if (rule.names.some((n) => n.length > 3 && hay.includes(squash(n)))) return rule.wallet;
    for (const rule of WALLET_RULES)
      if (rule.names.some((n) => n.length <= 3 && new RegExp(`(^|[^a-z])${squash(n)}([^a-z]|$)`).test(hay))) return rule.wallet;
  }
  return null;
}

function detectKind(text: string): NoticeKind | null {
  for (const rule of KIND_RULES) if (rule.patterns.some((p) => p.test(text))) return rule.kind;
  return null;
}

const CURRENCY_AFTER = String.raw`(?:ks|kyats?|mmk|ကျပ်|k)(?![a-z])`;
const CURRENCY_BEFORE = String.raw`(?:ks|mmk|kyats?)\.?`;
const NUMBER = String.raw`(\d{1,3}(?:[,،]\d{3})+|\d+)(?:\.(\d{1,2}))?`;
const AMOUNT_RE = new RegExp(String.raw`(?:${CURRENCY_BEFORE}\s*${NUMBER})|(?:${NUMBER}\s*${CURRENCY_AFTER})`, 'gi');

/** The payment's amount: the first sum with a currency that is not a balance or a fee. */
function findAmount(text: string): number | null {
  for (const m of text.matchAll(AMOUNT_RE)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (NOT_THE_AMOUNT.test(before)) continue;
    const whole = (m[1] ?? m[3])!.replace(/[,،]/g, '');
    const value = Number(whole);
    if (!Number.isSafeInteger(value) || value <= 0) continue;
    return value;
  }
  return null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function findTransactionId(text: string, wallet: Wallet | null): string | null {
  const extra = WALLET_RULES.find((r) => r.wallet === wallet)?.txnLabels ?? [];
  const labels = [...new Set([...extra, ...COMMON_TXN_LABELS])].sort((a, b) => b.length - a.length);
  for (const label of labels) {
    const re = new RegExp(
      String.raw`(?:^|[^\p{L}\p{M}])${escape(label).replace(/ /g, String.raw`\s*`)}\s*[.:：#\-–]*\s*([A-Za-z0-9][A-Za-z0-9\- ]{3,40})`,
      'iu',
    );
    const m = re.exec(text);
    if (!m) continue;
    // Ids are one run of letters and digits; spaces or dashes inside a long digit run are the writer's grouping.
    const id = m[1]!
      .trim()
      .split(/\s(?=[A-Za-z]{2,})/)[0]!
      .replace(/[\s-]/g, '');
    if (/\d{4,}/.test(id) && id.length >= 6) return id.toUpperCase();
  }
  return null;
}

const PHONE_RE = /(?:\+?95|0)\s*9(?:[\s-]*\d){6,9}/;
const digitsOfPhone = (s: string) => {
  const d = s.replace(/\D/g, '');
  return d.startsWith('95') ? `0${d.slice(2)}` : d;
};

function cleanName(raw: string): string | null {
  const name = raw
    .replace(/\(.*$/, '')
    .replace(/\s+(on|at|to|with|ref|txn|trans|transaction)\b.*$/i, '')
    .trim()
    .replace(/[.,။၊:;]+$/, '')
    .trim();
  if (!name || /^\d/.test(name) || name.length > 60) return null;
  return name;
}

function findSender(text: string): string | null {
  // "NAME (09…) ထံမှ" / "09… ထံမှ" / "09… မှ": the sender stands before the Burmese "from".
  const burmese = /([^\n။၊:]{1,60}?)\s*(ထံမှ|(?<![\p{L}\p{M}])မှ(?=\s))/u.exec(text);
  const labelled = new RegExp(String.raw`(?:^|[\s(:\-])(?:${SENDER_LABELS.map(escape).join('|')})\s*[:：\-–]?\s*([^\n]{1,80})`, 'i').exec(
    text,
  );
  for (const candidate of [labelled?.[1], burmese?.[1]]) {
    if (!candidate) continue;
    const name = cleanName(candidate.replace(/^(agent)\s+/i, ''));
    if (name && !/^(ks|mmk|ကျပ်)\b/i.test(name) && !/\d{3,}\s*(ks|mmk|ကျပ်)/i.test(name)) return name;
    const phone = PHONE_RE.exec(candidate);
    if (phone) return digitsOfPhone(phone[0]);
  }
  // "09… sent you", or any number in an incoming message when no label names the sender.
  const phone = PHONE_RE.exec(text);
  return phone ? digitsOfPhone(phone[0]) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function toIso(y: number, mo: number, d: number, h: number, mi: number, s: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - MMT_OFFSET_MINUTES * 60_000;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

function findTime(text: string): string | null {
  const time = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?`;
  const hour = (h: string, ampm: string | undefined) => {
    let n = Number(h);
    if (ampm) n = (n % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
    return n;
  };
  let m = new RegExp(String.raw`(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T,]+${time}`).exec(text);
  if (m) return toIso(Number(m[1]), Number(m[2]), Number(m[3]), hour(m[4]!, m[7]), Number(m[5]), Number(m[6] ?? 0));
  m = new RegExp(String.raw`(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ ,]+${time}`).exec(text);
  if (m) return toIso(Number(m[3]), Number(m[2]), Number(m[1]), hour(m[4]!, m[7]), Number(m[5]), Number(m[6] ?? 0));
  m = new RegExp(String.raw`(\d{1,2})[-\s]([A-Za-z]{3})[A-Za-z]*[-\s,]+(\d{4})[ ,]+${time}`).exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    if (month > 0) return toIso(Number(m[3]), month, Number(m[1]), hour(m[4]!, m[7]), Number(m[5]), Number(m[6] ?? 0));
  }
  return null;
}

/** Reads one message. `from` is the SMS sender or app name the phone reported, when it did. */
export function parseNotice(text: string, from: string | null = null): ParsedNotice {
  const plain = normalizeText(text);
  const wallet = detectWallet(plain, from);
  const kind = detectKind(plain);
  if (kind !== 'incoming') return { wallet, kind, amount: null, transactionId: null, sender: null, paidAt: null };
  const amount = findAmount(plain);
  // Money in with no amount is not something a rule read: staff read it themselves.
  if (amount === null) return { wallet, kind: null, amount: null, transactionId: null, sender: null, paidAt: null };
  return { wallet, kind, amount, transactionId: findTransactionId(plain, wallet), sender: findSender(plain), paidAt: findTime(plain) };
}
