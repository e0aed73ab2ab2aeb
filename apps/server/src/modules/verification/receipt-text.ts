// Reads the fields a Myanmar wallet receipt shows (KBZPay, WavePay, AYA Pay, CB Pay, UAB Pay, OnePay, and balance
// transfers of MPT, ATOM, Ooredoo and Mytel, as a receipt screen or an SMS) out of OCR text. Pure: no OCR, no I/O.
//
// The text is cut into label → value blocks: a line that starts with a known label (English or Burmese) opens a
// block, its value is the rest of that line plus the lines after it until the next label (a name above a masked
// phone, a wrapped 20-digit id, a currency in the label and the number under it). Each field is taken from its own
// blocks; only when no label was read at all (Burmese labels the English OCR data garbles) does a field fall back to
// the one value of its shape in the whole text. A field is read only when the text says it unambiguously; otherwise
// it is null ("unreadable"), never a guess.

export type ReceiptStatus = 'success' | 'failed' | 'pending' | 'cancelled';

export type ReceiptReading = {
  /** The amount as printed, without its sign (payments show "-10,000 Ks"), in kyats. */
  amount: number | null;
  /** The receipt's transaction id: digits (letters kept only when the wallet prints them inside the id). */
  transactionId: string | null;
  /** The receipt time as UTC ISO text (wallets print Myanmar time, UTC+6:30). */
  time: string | null;
  /**
   * Other times the printed date may mean had OCR misread it: a day's first digit dropped ("3 Nov" of 23 Nov), or a
   * two-digit year that may stand first. The time can't disagree while one of these would agree.
   */
  timeIfMisread?: string[];
  /**
   * The receiver as printed: a name and/or a (masked) phone number. Never a wallet's own name. `phoneDoubtful`: the
   * digits follow a mask OCR made letters of ("okkkkk]199") or were left among garbled signs beside the name ("Hnin Wai
   * Phyo - 224"), read on the same struggling stretch: they may agree, and disagreeing they count as unread.
   */
  receiver: { name: string | null; phone: string | null; phoneDoubtful?: true } | null;
  /** What the receipt says became of the payment; null when it says nothing we know. */
  status: ReceiptStatus | null;
  /** The status words as printed (shown to staff beside the verdict). */
  statusText: string | null;
  /**
   * Fields found by their shape alone, with no label or sentence saying what they are (the one amount, the one long
   * number, the one phone in the text), or read with OCR debris in them (an id with a stray letter). Such a field
   * agreeing is evidence; disagreeing proves nothing (it may be a misread or another number on the screen), so it is
   * never a mismatch. Every field of a text that holds several messages it could not cut apart is such a field too.
   */
  unlabelled: Array<'amount' | 'transactionId' | 'receiver' | 'time'>;
  /**
   * Set when the screenshot shows an SMS thread: each message read on its own, top to bottom. The fields above are
   * the last message's (the newest); the check judges the message whose id ends with the buyer's digits.
   */
  messages?: ReceiptReading[];
};

const BURMESE_DIGITS = /[\u1040-\u1049]/g;

/** Burmese digits ၀–၉ to 0–9, and the look-alike dashes, spaces and stars OCR produces to plain ones. */
export function normalizeText(text: string): string {
  return (
    text
      .replace(BURMESE_DIGITS, (d) => String(d.charCodeAt(0) - 0x1040))
      .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
      .replace(/[\u00a0\u2007\u202f]/g, ' ')
      .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
      .replace(/[∗⁎✱]/g, '*')
      .replace(/[：]/g, ':')
      // The Burmese comma "၊" between a day and a year.
      .replace(/\u104a/g, ',')
      // A 1 OCR read as a bracket between digits ("***1]22" for ***1122).
      .replace(/(?<=\d)\](?=\d)/g, '1')
      .replace(/[ \t]+/g, ' ')
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Labels

type LabelKind =
  'amount' | 'total' | 'fee' | 'balance' | 'txn' | 'time' | 'receiverName' | 'receiverPhone' | 'receiver' | 'sender' | 'status' | 'other';

/** The "Transfer" of a phone-bill "Balance Transfer", as OCR may have read it ("lransier", "Transter"). */
const BALANCE_TRANSFER = String.raw`\S?ran[s5]\S{0,2}er\b`;

/** Label patterns, most specific first (the first that fits the start of a line wins). Case-insensitive. */
const LABELS: Array<[LabelKind, string]> = [
  // Ends a block, carries nothing we read ("Transaction Type" before "Transaction …").
  [
    'other',
    String.raw`(?:transaction|transfer|payment)\s+type|type|notes?|remarks?|purpose|description|message|reason|service|payment\s+method|channel|category|ငွေလွှဲအမျိုးအစား|အမျိုးအစား|မှတ်ချက်|အကြောင်းအရာ`,
  ],
  ['status', String.raw`(?:transaction\s+|payment\s+|transfer\s+)?status|အခြေအနေ`],
  // A sum that is not the amount: a fee, or the amount and the fee deducted together ("Total Deducted 10,500 Ks").
  [
    'fee',
    String.raw`(?:service\s+|transaction\s+|transfer\s+)?(?:fees?|charges?|commission)|total\s+(?:deducted|debit(?:ed)?|charged)|ဝန်ဆောင်(?:မှု)?ခ|ကော်မရှင်`,
  ],
  // "Balance Transfer of 3,800 Ks" is the payment (a phone-bill transfer), not a balance.
  [
    'balance',
    String.raw`(?:your\s+)?(?:new\s+|main\s+|remaining\s+|available\s+|current\s+|account\s+)?bal(?:ance)?(?!\s+${BALANCE_TRANSFER})|လက်ကျန်(?:ငွေ)?`,
  ],
  [
    'txn',
    String.raw`(?:trans(?:action)?|txn|trx|transfer)\.?\s*(?:id|[1l]d|no\.?|number|ref(?:erence)?(?:\s*no\.?)?|code)|ref(?:erence)?\.?\s*(?:no\.?|number|id)|receipt\s*(?:no\.?|number)|ငွေလွှဲ(?:အမှတ်|နံပါတ်)|လုပ်ငန်းစဉ်\s*(?:အမှတ်|နံပါတ်)|ငွေပေးချေမှု\s*အမှတ်|ပြေစာ\s*(?:အမှတ်|နံပါတ်)`,
  ],
  ['total', String.raw`total(?:\s+amount)?(?:\s*\((?:mmk|ks|kyats?)\))?|စုစုပေါင်း(?:ငွေ)?(?:ပမာဏ)?`],
  // The ပ of ပမာဏ (amount) is the letter OCR most often loses from it ("ငွေလွှဲမာဏ"). Digits before a bracketed
  // currency that comes before the value (however many: "Amount 425028 (MMK) ): 3,000.00"), or a short run of them
  // before one that ends the line with the bracket OCR doubled, are OCR's reading of the bracket ("Amount 22 (MMK) ): 5,500").
  [
    'amount',
    String.raw`(?:(?:transfer(?:red)?|paid|payment|send|sent|transaction|top-?\s?up)\s+)?amount(?:\s*\d{1,8}(?=\s*\((?:mmk|ks|kyats?)\)\s*\)?\s*[:.]?\s*[-+]?\d)|\s*\d{1,5}(?=\s*\((?:mmk|ks|kyats?)\)\s*\)\s*$))?(?:\s*\((?:mmk|ks|kyats?)\))?|ငွေလွှဲ\s*ပ?မာဏ|ငွေ\s*ပ?မာဏ|ပမာဏ`,
  ],
  [
    'time',
    String.raw`(?:transaction\s+|payment\s+|transfer\s+)?(?:date\s*(?:&|and|/)?\s*time|date|time)|ရက်စွဲ\s*(?:နှင့်)?\s*(?:အချိန်)?|နေ့စွဲ|အချိန်`,
  ],
  ['receiverName', String.raw`(?:receiver|recipient|beneficiary|payee)(?:'s)?\s*(?:account\s*)?name|လက်ခံသူ\s*(?:၏\s*)?အမည်`],
  [
    'receiverPhone',
    String.raw`(?:receiver|recipient|beneficiary|payee)(?:'s)?\s*(?:phone|mobile|account|wallet)?\s*(?:no\.?|number)|(?:receiver|recipient|beneficiary|payee)(?:'s)?\s*(?:phone|mobile|account|wallet)|လက်ခံသူ\s*(?:၏\s*)?(?:ဖုန်း|အကောင့်)\s*(?:နံပါတ်)?`,
  ],
  [
    'sender',
    String.raw`(?:transfer(?:red)?\s+|sent\s+|paid\s+)?from|debit(?:ed)?\s+(?:account|wallet|from)|(?:source|from)\s+(?:account|wallet)|sender(?:'s)?(?:\s*(?:name|phone|mobile|account))?(?:\s*(?:no\.?|number))?|payer|paid\s+by|(?:ငွေ)?ပေးပို့သူ|ငွေလွှဲသူ|ပေးချေသူ`,
  ],
  ['receiver', String.raw`(?:transfer(?:red)?|send|sent|paid|pay|payment)\s+to|to|receiver|recipient|beneficiary|payee|(?:ငွေ)?လက်ခံသူ|လက်ခံသည့်သူ`],
];

// After the label, its separators and a bracket whose currency OCR lost ("Amount )" of "Amount (MMK)").
const labelRe = (src: string) =>
  new RegExp(`^[\\s•·*>-]*(?:${src})(?=$|[\\s:.()\\-–>|]|[\\d\\u1040-\\u1049])\\s*(?:\\(?\\s*\\)\\s*)?[:.\\-–>|]*\\s*`, 'i');
const LABEL_RES = LABELS.map(([kind, src]) => [kind, labelRe(src)] as const);

/**
 * Burmese vowel signs, medials, tones and the asat: the marks OCR most often drops or swaps (အချိန် read as အချန).
 * Labels are also matched on their consonants alone, which no English label nor value line can imitate.
 */
const BURMESE_MARKS = /[\u102b-\u103e\u1056-\u1059\u1062-\u1064\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f\u109a-\u109d]/g;
export const burmeseSkeleton = (s: string) => s.replace(BURMESE_MARKS, '');
const SKELETON_LABEL_RES = LABELS.map(([kind, src]) => [kind, labelRe(burmeseSkeleton(src))] as const);

type Block = { kind: LabelKind; label: string; lines: string[] };

function labelOf(line: string): { kind: LabelKind; label: string; rest: string } | null {
  return labelIn(line, LABEL_RES, line) ?? (/[\u1000-\u109f]/.test(line) ? skeletonLabel(line) : null) ?? misreadLabel(line);
}

/** A Burmese label read without some of its marks: only when no more Burmese words follow it (a label, not a sentence). */
function skeletonLabel(line: string): { kind: LabelKind; label: string; rest: string } | null {
  const found = labelIn(burmeseSkeleton(line), SKELETON_LABEL_RES, line);
  return found && !/^[\u1000-\u103f\u104c-\u109f]/.test(found.rest) ? found : null;
}

/** English labels of 8 letters or more that OCR of a photo misspells by a letter ("Receiver Numbet", "Iransaction Tvpe"). */
const LONG_LABELS = [
  'transaction no',
  'transaction id',
  'transaction number',
  'transaction time',
  'transaction date',
  'transaction type',
  'transaction status',
  'transfer amount',
  'total amount',
  'receiver name',
  'receiver number',
  'receiver phone',
  'recipient name',
  'beneficiary',
  'reference no',
  'transfer to',
  'date & time',
];

/** A line starting with a long label misread by one letter (two in labels of 14+): read as that label. */
function misreadLabel(line: string): { kind: LabelKind; label: string; rest: string } | null {
  if (!/^[A-Za-z]/.test(line)) return null;
  const words = line.split(' ');
  for (const label of LONG_LABELS) {
    const n = label.split(' ').length;
    const head = words.slice(0, n).join(' ');
    const bare = head.replace(/[:.]+$/, '');
    if (Math.abs(bare.length - label.length) > 2) continue;
    if (editDistance(bare.toLowerCase(), label) <= (label.length >= 14 ? 2 : 1)) {
      const found = labelIn(`${label}${line.slice(head.length)}`, LABEL_RES, `${label}${line.slice(head.length)}`);
      if (found) return found;
    }
  }
  return null;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

function labelIn(
  line: string,
  res: ReadonlyArray<readonly [LabelKind, RegExp]>,
  original: string,
): { kind: LabelKind; label: string; rest: string } | null {
  for (const [kind, re] of res) {
    const m = line.match(re);
    if (!m) continue;
    // The value after a label matched on its consonants: the original line past as many of its characters.
    const rest = (line === original ? line.slice(m[0].length) : restAfterSkeleton(original, m[0].length)).trim();
    // "To" and "From" are labels only when a value or nothing follows, not the start of a sentence ("To claim…").
    if (
      (kind === 'receiver' || kind === 'sender') &&
      /^(?:to|from)$/i.test(m[0].trim().replace(/[:.\-–>|\s]+$/, '')) &&
      /^[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{3,}/.test(rest)
    )
      continue;
    return { kind, label: m[0].trim(), rest };
  }
  return null;
}

/** The part of a line after the first `skeletonLength` characters of its Burmese skeleton. */
function restAfterSkeleton(line: string, skeletonLength: number): string {
  let seen = 0;
  let i = 0;
  for (; i < line.length && seen < skeletonLength; i++) if (!line[i]!.match(BURMESE_MARKS)) seen++;
  while (i < line.length && line[i]!.match(BURMESE_MARKS)) i++;
  return line.slice(i);
}

/**
 * A sentence OCR broke after a word that needs what follows ("Your main balance is" / "2,150 Ks.", "… 48,000 Ks to" /
 * "09*****4567 was …"): joined again, so a balance is read as a balance and a number as the one the sentence names.
 */
const DANGLING = /\b(?:balance(?:\s+is)?|is|of)\s*:?$/i;
/** A balance or a fee whose sum went to the next line ("Current Bal" / "2,150 Ks."): joined however short. */
const DANGLING_SUM = /(?:\bbal(?:ance)?(?:\s+is)?|\bfees?|\bcharges?|လက်ကျန်(?:ငွေ)?|ဝန်ဆောင်ခ)\s*:?$/i;

/** A year OCR split after its century, right after a day or a month and its separator ("23/11/20 26", "Nov- 20 26"). */
const SPLIT_YEAR = /(?<=(?:\b\d{1,2}|\b[A-Za-z]{3})[-/.]\s?)20\s(\d{2})(?![\d:,.])/g;

/** Lines of text: normalised, trimmed, and long SMS sentences cut so that a label inside one starts a line. */
export function receiptLines(text: string): string[] {
  return normalizeText(text)
    .split(/\r?\n/)
    .flatMap((l) =>
      l.length > 24
        ? l.split(/(?<=[a-z0-9)\]]{2}[.!]|\u104b|[\u1000-\u109f][/|!])\s+(?=[A-Z\u1000-\u109f])(?<!\b(?:No|Ref|Trans|Txn)\.\s+)/)
        : [l],
    )
    .map((l) => l.replace(SPLIT_YEAR, '20$1').trim())
    .filter(Boolean)
    .reduce<string[]>((out, line) => {
      const last = out.at(-1);
      if (last !== undefined && ((DANGLING.test(last) && last.length > 12) || DANGLING_SUM.test(last)) && /^[-+]?[\d*(]|^[a-z]/.test(line))
        out[out.length - 1] = `${last} ${line}`;
      // A date wrapped at its dash or slash ("… 2026-11-" / "23 10:07:43").
      else if (last !== undefined && /(?:\d|\b[A-Za-z]{3})[-/]$/.test(last) && /^\d/.test(line)) out[out.length - 1] = `${last}${line}`;
      // A date wrapped at a space ("… Nov 23," / "2026 08:51", "… 23" / "Nov 2026 07:57 AM").
      else if (last !== undefined && /^\w/.test(line) && !findDate(last) && !findDate(line) && findDate(`${last} ${line}`))
        out[out.length - 1] = `${last} ${line}`;
      else out.push(line);
      return out;
    }, []);
}

/** The lines before the first label (title, headline amount, status) and the label → value blocks after them. */
export function toBlocks(lines: string[]): { head: string[]; blocks: Block[] } {
  const head: string[] = [];
  const blocks: Block[] = [];
  for (const line of lines) {
    const label = labelOf(line);
    if (label) blocks.push({ kind: label.kind, label: label.label, lines: label.rest ? [label.rest] : [] });
    else if (blocks.length) blocks.at(-1)!.lines.push(line);
    else head.push(line);
  }
  return { head, blocks };
}

// ---------------------------------------------------------------------------------------------------------------
// Amounts

const CURRENCY = '(?:Ks\\.?|MMK|Kyats?|ကျပ်)';
/** A currency after a number, with ကျပ် as the English data reads it there ("-5,500 mo", "m0", "mJo"). */
// Also in brackets ("5,500 (MMK)"), and "/-", the dash after a sum that many shops print for "only".
const CURRENCY_AFTER = '(?:Ks\\.?|MMK|Kyats?|ကျပ်|\\((?:Ks\\.?|MMK|Kyats?|ကျပ်)\\)|(?<=\\d)/-|(?<=\\d\\s?)m[Jj]?[o0](?![A-Za-z0-9]))';
/** A number with optional sign and thousands separators, e.g. -12,500 or 12500.00. */
// It must start a word: in "-6),600 Ks" or "-3:000 Ks" (a Burmese digit tesseract could not read) the rest is no amount.
// Nor after a sign or a line's start, a short number and a space ("-2 2,500 Kyats", "-0 2.500 Ks" of -၁၂,၅၀၀): a
// Burmese digit the English data split off the number. Elsewhere the short number is a word read as digits
// ("(09…4567) 23 1,250 Ks" of သို့).
const NUMBER =
  '(?<=^|[\\s(]|(?<!\\d):)(?<!(?:^|[-+−])\\s?\\d{1,3}\\s)([-+]?)\\s?(\\d{1,3}(?:[,.]\\d{3})+|\\d+)(?:\\.(\\d{1,2}))?(?![\\d,.]{1,2}\\d)';
const AMOUNT_AFTER = new RegExp(`${NUMBER}\\s?${CURRENCY_AFTER}(?![a-z])`, 'gi');
// After the currency, a short number a space before three digits ("MMK 3 800") is a sum whose separator OCR lost: no
// amount, neither the first part nor the whole.
const AMOUNT_BEFORE = new RegExp(
  `${CURRENCY}\\s?${NUMBER.replace('(?<=^|[\\s(]|(?<!\\d):)(?<!(?:^|[-+−])\\s?\\d{1,3}\\s)', '')}(?![A-Za-z])(?!\\s\\d{3}(?![\\d,.]))`,
  'gi',
);
/** A bare number as an amount block's whole value ("Amount (MMK)" over "5,500.00"). */
const BARE_AMOUNT = new RegExp(`^${NUMBER}(?:\\s?${CURRENCY_AFTER})?\\.?$`, 'i');

const MAX_AMOUNT_DIGITS = 9;

function toAmount(sepGroup: string, decimals: string | undefined): number | null {
  // "12,500" and "12.500" (some apps) are thousands; a lone dot with 1–2 digits is decimals (captured separately).
  const digits = sepGroup.replace(/[,.]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  // No amount is printed with a leading zero: "-:000 Ks" is ၃,၀၀၀ whose first digit the English data lost (read at
  // phone-screenshot size), not 0, and must leave the line unread (suspect, read again in Burmese).
  if (/^0\d/.test(sepGroup)) return null;
  // Ten digits or more are an id or a phone (a sentence's wrap puts one before "MMK"), never a wallet transfer.
  if (digits.length > MAX_AMOUNT_DIGITS) return null;
  const value = Number(digits) + (decimals ? Number(`0.${decimals}`) : 0);
  return Number.isFinite(value) ? value : null;
}

/** Amounts written with a currency word (before or after the number) in a line. */
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

/** A line without the sums written whole in it, number and currency. */
const withoutSums = (line: string) => line.replace(AMOUNT_AFTER, ' ').replace(AMOUNT_BEFORE, ' ');

/** An amount block's amounts: with a currency word, or a bare number alone on a value line. */
function blockAmounts(block: Block): number[] {
  const found: number[] = [];
  for (const line of block.lines) {
    const here = amountsIn(line);
    if (here.length) {
      found.push(...here);
      continue;
    }
    // A bare number under an amount already read with its currency is something else (a code OCR made of a bar).
    if (found.length) continue;
    const bare = line.match(BARE_AMOUNT);
    const value = bare ? toAmount(bare[2]!, bare[3]) : null;
    // A bare number with 8+ digits and no separator is an id or a phone, not an amount.
    if (value !== null && !(bare![2]!.length >= 8 && !/[,.]/.test(bare![2]!))) found.push(value);
  }
  return found;
}

const distinctPositive = (xs: number[]) => [...new Set(xs.filter((x) => x > 0))];

/**
 * The amount: the one amount of the "Amount" blocks (else of the "Total" blocks); else the one currency amount of
 * the lines outside fee and balance blocks (the headline "-25,000 Ks", an SMS "Balance Transfer of 3,800 Ks").
 * A labelled amount that the headline contradicts is not read with confidence: unread. Zero is never the amount.
 */
export function readAmount(lines: string[]): number | null {
  return amountOf(lines).value;
}

/** An SMS sentence naming the payment: "Balance Transfer of 3,800 Ks", "You have sent 12,500 MMK", "paid Ks 5,000". */
const SMS_AMOUNT = new RegExp(
  `\\b(?:transfer(?:red)?|sent|send|paid|payment)\\s+(?:of\\s+)?((?:${CURRENCY}\\s?)?[-+]?\\d[\\d,.]*(?:\\s?${CURRENCY})?)`,
  'i',
);

/**
 * A balance or a fee named inside a sentence ("… လက်ကျန်ငွေ 2,150 ကျပ်", "Your balance is 2,150 Ks", "Bal 2,150 Ks",
 * "Fee: 50 Ks", "Charges 50 Ks"), with its amount.
 */
const BALANCE_IN_SENTENCE = new RegExp(
  `(?:\\bbal(?:ance)?\\b(?!\\s+${BALANCE_TRANSFER})(?:\\s+is)?|\\bfees?\\b|\\bcharges?\\b|\\bcommission\\b|လက်ကျန်(?:ငွေ)?|ဝန်ဆောင်ခ|ကော်မရှင်)\\s*[:.]?\\s*(?:${CURRENCY}\\s?)?[-+]?\\d(?:[,.]\\s?\\d|\\d)*(?:\\s?${CURRENCY_AFTER})?`,
  'gi',
);

function amountOf(lines: string[]): { value: number | null; labelled: boolean } {
  // A row that is a fee or a balance and nothing else stays as it is: its label ends the block above it.
  const { head, blocks } = toBlocks(
    lines.map((l) => {
      const rest = l.replace(BALANCE_IN_SENTENCE, ' ');
      return rest.trim() ? rest : l;
    }),
  );
  const labelled = distinctPositive(blocks.filter((b) => b.kind === 'amount').flatMap(blockAmounts));
  const totals = distinctPositive(blocks.filter((b) => b.kind === 'total').flatMap(blockAmounts));
  const freeLines = [
    ...head,
    ...blocks
      .filter((b) => !['fee', 'balance', 'amount', 'total', 'txn', 'time', 'receiverPhone'].includes(b.kind))
      .flatMap((b) => b.lines),
  ];
  // A sentence wraps where the screen ends, between a sum and its currency too ("sent 12,500.00" over "MMK to …"):
  // each line is also read joined to the next, without the sums it holds whole: the "Ks" of "-3,800 Ks" is that sum's,
  // not a currency before the number under it (an id, a name OCR made digits of).
  const withBreaks = [...freeLines, ...freeLines.slice(1).map((line, i) => `${withoutSums(freeLines[i]!)} ${line}`)];
  const free = distinctPositive(withBreaks.flatMap(amountsIn));
  const sms = distinctPositive(withBreaks.flatMap((l) => amountsIn(l.match(SMS_AMOUNT)?.[1] ?? '')));
  const chosen = labelled.length ? labelled : totals.length ? totals : sms;
  if (chosen.length > 1) return { value: null, labelled: true };
  if (chosen.length === 1) {
    // The headline repeats the amount; a headline with another amount (and no fee explaining it) means a misread.
    return { value: free.every((a) => a === chosen[0] || totals.includes(a)) ? chosen[0]! : null, labelled: true };
  }
  return { value: free.length === 1 ? free[0]! : null, labelled: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Transaction id

const looksLikePhone = (digits: string) => /^(?:09|959)\d{7,9}$/.test(digits);
/** "2026-11-23 14:05" read as one run of digits. */
const looksLikeDateTime = (digits: string) => digits.length <= 14 && /^(?:20\d{2}[01]\d[0-3]\d|[0-3]\d[01]\d20\d{2})/.test(digits);

/** Digit runs of 10+ (spaces or dashes inside are tolerated) on one line. */
function longNumbersIn(line: string): string[] {
  // A date beside the id ("…612211 23-Nov-2026") is no part of it.
  const runs = withoutDateTime(line).match(/\d[\d -]{8,}\d/g) ?? [];
  return runs
    .map((r) => r.replace(/[ -]/g, ''))
    .filter((d) => d.length >= 10 && d.length <= 40 && !looksLikePhone(d) && !looksLikeDateTime(d));
}

/** One sign OCR left between the digits of a long number ("19581474225319%497"): debris, not part of the number. */
const STRAY_SIGN = /(?<=\d{6})[%*#'"`](?=\d{2})/;
const withoutStraySign = (line: string) => line.replace(STRAY_SIGN, '');

/**
 * An id token as printed on one value line: digits (spaces and dashes inside tolerated), or letters and digits with
 * at least 8 digits. In a mostly-digit token OCR's O and l/I are 0 and 1.
 */
const withoutDateTime = (line: string) =>
  withoutStraySign(line)
    .replace(DATE_PATTERNS.dMonY, ' ')
    .replace(DATE_PATTERNS.dmy, ' ')
    .replace(DATE_PATTERNS.ymd, ' ')
    // A clock OCR spaced after its colon ("11: 49") too.
    .replace(/(?<![\d:])\d{1,2}:\s?\d{2}(?::\s?\d{2})?(?:\s?[AaPp][Mm])?(?![\d:])/g, ' ')
    // A day starting a date the patterns missed (a two-digit year, a month OCR garbled: "…5219 23/11/26", "…189 23-620-")
    // ends the id before it.
    .replace(/(?<=\d)\s+\d{1,2}[-/.].*$/, ' ')
    // …or ending the line after a long run, the date going on below ("…654362 23" / "Nov 2026").
    .replace(/(?<=\d{10})\s+\d{1,2}$/, ' ')
    .trim();

function idToken(line: string): string | null {
  // A sentence's full stop after the id ("Trans ID: 0160…982.") is no part of it, nor the words after it ("… Your
  // main balance is", "… Date: 25/11/2026" once the date is gone).
  const compact = withoutDateTime(line)
    .replace(/\s[A-Za-z]{3,}(?:[^A-Za-z0-9].*)?$/, '')
    .replace(/[\s-]/g, '')
    .replace(/[.,;:]+$/, '');
  if (!/^[A-Za-z0-9]+$/.test(compact)) return null;
  const digits = compact.replace(/\D/g, '').length;
  if (digits < 6) return null;
  if (digits / compact.length >= 0.8) {
    const fixed = compact.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
    if (/^\d+$/.test(fixed)) return fixed;
  }
  return digits >= 8 ? compact.toUpperCase() : null;
}

function blockId(block: Block): string | null {
  return blockIdWithRest(block).id;
}

/**
 * A block's id, and the block's line after it (the rest of a wrapped id, or the next text). `gapped`: OCR read a gap
 * or a stray sign between its digits on a line ("10377925 900193" of 1037792501908193): a digit may have gone with it.
 */
function blockIdWithRest(block: Block): { id: string | null; rest: string | undefined; gapped: boolean } {
  let id = '';
  let used = 0;
  let gapped = false;
  for (const line of block.lines) {
    // The last digits of a long id wrapped onto a line of their own ("01801122752749013" / "000").
    const token = id.length >= 8 && /^\d+$/.test(id) && /^\d{1,5}$/.test(line.trim()) ? line.trim() : idToken(line);
    if (token === null || looksLikePhone(token)) break;
    // A 20-digit id wraps onto a second line at phone widths; two ids are never printed in one block.
    if (id && (id.length < 8 || id.length + token.length > 32 || !/^\d+$/.test(token))) break;
    id += token;
    gapped ||= /\d\s+\d/.test(withoutDateTime(line)) || STRAY_SIGN.test(line);
    used++;
  }
  return { id: id.length >= 8 ? id : null, rest: block.lines[used], gapped };
}

/**
 * A line of one to three signs under an id, no digit among them ("J" of a wrapped ၂): what OCR made of the id's
 * wrapped last digits. The id may be cut short: it may agree, but never disagree.
 */
const cutIdRest = (rest: string | undefined) => rest !== undefined && /^[^\s\d]{1,3}$/.test(rest.trim());

/** The transaction id: the id of the transaction-id block(s); else the only long number in the text. */
export function readTransactionId(lines: string[]): string | null {
  return transactionIdOf(lines).value;
}

function transactionIdOf(lines: string[]): { value: string | null; labelled: boolean } {
  const { blocks } = toBlocks(lines);
  const labelled = new Set(
    blocks
      .filter((b) => b.kind === 'txn')
      .map(blockId)
      .filter((x): x is string => x !== null),
  );
  if (labelled.size === 1) {
    const id = [...labelled][0]!;
    const cut = blocks.some((b) => b.kind === 'txn' && cutIdRest(blockIdWithRest(b).rest));
    if (cut) return { value: id.replace(/^[A-Z]{1,2}(?=\d{12})|(?<=\d{12})[A-Z]{1,2}$/, ''), labelled: false };
    // A stray letter or two at an end of a long run of digits ("N1669661739239250860"): OCR debris of a blurred
    // photo, whose digits are doubtful too. The digits may agree, but never disagree.
    const debris = id.match(/^[A-Z]{1,2}(\d{12,})$|^(\d{12,})[A-Z]{1,2}$/);
    if (debris) return { value: debris[1] ?? debris[2]!, labelled: false };
    // Digits read with a gap among them: they may agree, but never disagree (a wallet printing its ids in groups
    // loses only the disagreement).
    if (blocks.some((b) => b.kind === 'txn' && blockIdWithRest(b).gapped)) return { value: id, labelled: false };
    // Letters among the digits, not as a prefix ("JOBENG00ERRJ0930Q29"): Burmese digits the English data made into
    // letters, or a blurred id. It may agree, but never disagrees.
    return { value: id, labelled: !/\d[A-Z]/.test(id) };
  }
  if (labelled.size > 1) return { value: null, labelled: true };
  const all = new Set(lines.flatMap(longNumbersIn));
  if (all.size === 1) return { value: [...all][0]!, labelled: false };
  // Unlabelled (e.g. Burmese labels the English OCR data turns into stray digits): ids run 14–20 digits, so a single
  // run of 12 or more beside only shorter ones is the id.
  const long = [...all].filter((d) => d.length >= 12);
  return { value: long.length === 1 ? long[0]! : null, labelled: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Time

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Burmese month names (English months in Myanmar script), as wallets in Burmese mode print them. */
const MM_MONTHS: Array<[RegExp, number]> = [
  [/ဇန်နဝါရီ/, 1],
  [/ဖေဖော်ဝါရီ/, 2],
  [/မတ်/, 3],
  [/ဧပြီ/, 4],
  [/မေ(?!\S*ာ)/, 5],
  [/ဇွန်/, 6],
  [/ဇူလိုင်/, 7],
  [/[ဩဪ]ဂုတ်/, 8],
  [/စက်တင်ဘာ/, 9],
  [/အောက်တိုဘာ/, 10],
  [/နို[ဝ၀]င်ဘာ/, 11],
  [/ဒီဇင်ဘာ/, 12],
];
/** Myanmar Standard Time, UTC+6:30, no daylight saving. */
const YANGON_OFFSET_MINUTES = 390;

type DateParts = { y: number; mo: number; d: number };
/**
 * A date found in a line; `dayText` is the day as printed ("3", "03", "23"). `yearFirst`: the same digits read year
 * first, where a two-digit year makes that a date too ("26-11-25": 26 Nov 2025, or 25 Nov 2026 of a ၂၀၂၆ OCR cut).
 */
type FoundDate = { date: DateParts; text: string; dayText: string; monthText?: string; yearFirst?: DateParts; unitLost?: true };

const DATE_PATTERNS = {
  // OCR may space a date after its separators ("2026- 11- 25").
  ymd: /\b(20\d{2})[-/.]\s?(\d{1,2})[-/.]\s?(\d{1,2})(?!\d)/,
  dmy: /\b(\d{1,2})[-/.]\s?(\d{1,2})[-/.]\s?(20\d{2})\b/,
  dMonY: /\b(\d{1,2})(?:st|nd|rd|th)?([ \-/.,]*)([A-Za-z]{3,9})\.?([ \-/.,]*)(20\d{2})\b/,
  // The comma after the day may come back as a colon or a semicolon ("Nov 25: 2026").
  monDY: /\b([A-Za-z]{3,9})\.?[ \-/.]+(\d{1,2})(?:st|nd|rd|th)?[,:;]?[ \-/.]+(20\d{2})\b/,
  yMonD: /\b(20\d{2})[ \-/.,]+([A-Za-z]{3,9})\.?[ \-/.]+(\d{1,2})(?!\d|:)/,
  // Two-digit years, this century: 23/11/26, 23-Nov-26. Not after two or three digits and a space: "202 6-11-23" is a
  // year OCR split ("2026-11-23"); after a long id it is a date ("…0895479 20/11/26 11:12").
  dmyy: /(?<![\d.,:/-])(?<!(?:^|\D)\d{2,3}\s)(\d{1,2})([-/.])(\d{1,2})\2(\d{2})(?![\d.,:/-]?\d)/,
  dMonYy: /\b(\d{1,2})[ \-/.]([A-Za-z]{3,9})\.?[ \-/.](\d{2})(?![\d:])/,
};

function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  const i = MONTHS.indexOf(w.slice(0, 3));
  return i >= 0 &&
    'january february march april may june july august september october november december sept'.split(' ').some((m) => m.startsWith(w))
    ? i + 1
    : null;
}

/** A date with a Burmese month name: "23 နိုဝင်ဘာ 2026", "နိုဝင်ဘာ 23, 2026", "၂၀၂၆ ခုနှစ် နိုဝင်ဘာလ ၂၃ ရက်". */
function burmeseMonthDate(line: string): FoundDate | null {
  for (const [re, mo] of MM_MONTHS) {
    const at = line.search(re);
    if (at < 0) continue;
    const before = line.slice(0, at).match(/(\d{1,2})\s*(?:ရက်)?\s*,?\s*$/);
    const after = line.slice(at).match(/^\S+\s*(\d{1,2})?\s*(?:ရက်)?\s*,?\s*(20\d{2})/);
    // The long form puts the year first: "၂၀၂၆ ခုနှစ် နိုဝင်ဘာလ ၂၃ ရက်".
    const yearFirst = line.slice(0, at).match(/(20\d{2})\s*(?:ခုနှစ်)?\s*,?\s*$/);
    const dayAfter = yearFirst ? line.slice(at).match(/^\S+\s*(\d{1,2})(?!\d|:)\s*(?:ရက်(?:နေ့)?)?/) : null;
    if (yearFirst && dayAfter)
      return {
        date: { y: +yearFirst[1]!, mo, d: +dayAfter[1]! },
        text: line.slice(at - yearFirst[0].length, at + dayAfter[0].length),
        dayText: dayAfter[1]!,
      };
    const year = after?.[2] ?? line.slice(at).match(/(20\d{2})/)?.[1];
    const day = before?.[1] ?? after?.[1];
    if (year && day)
      return {
        date: { y: +year, mo, d: +day },
        text: line.slice(before ? at - before[0].length : at, at + (after?.[0].length ?? 0)),
        dayText: day,
      };
  }
  return null;
}

/** Two numbers of a date that can only be month then day: the second above 12, the first a month. */
const monthFirst = (first: string, second: string) => +first >= 1 && +first <= 12 && +second > 12 && +second <= 31;

function findDate(line: string): FoundDate | null {
  let m = line.match(DATE_PATTERNS.ymd);
  if (m) return { date: { y: +m[1]!, mo: +m[2]!, d: +m[3]! }, text: m[0], dayText: m[3]!, monthText: m[2]! };
  m = line.match(DATE_PATTERNS.dmy);
  // Day first (23/11/2026), as Myanmar apps print it; a first number above 12 can only be a day anyway. A second
  // number above 12 can only be one too: a month-first date (11/23/2026, as some apps print in English).
  if (m && monthFirst(m[1]!, m[2]!)) return { date: { y: +m[3]!, mo: +m[1]!, d: +m[2]! }, text: m[0], dayText: m[2]!, monthText: m[1]! };
  if (m) return { date: { y: +m[3]!, mo: +m[2]!, d: +m[1]! }, text: m[0], dayText: m[1]!, monthText: m[2]! };
  m = line.match(DATE_PATTERNS.dMonY);
  if (m && monthOf(m[3]!)) {
    // A dash (or slash, or stop) on one side of the month only ("2 Nov- 2026" of 25-Nov-2026): the day's other digit
    // may have gone with the separator OCR lost beside it.
    const mark = (sep: string) => /[-/.]/.test(sep);
    const unitLost = m[1]!.length === 1 && mark(m[2]!) !== mark(m[4]!);
    return { date: { y: +m[5]!, mo: monthOf(m[3]!)!, d: +m[1]! }, text: m[0], dayText: m[1]!, ...(unitLost ? { unitLost } : {}) };
  }
  m = line.match(DATE_PATTERNS.monDY);
  if (m && monthOf(m[1]!)) return { date: { y: +m[3]!, mo: monthOf(m[1]!)!, d: +m[2]! }, text: m[0], dayText: m[2]! };
  m = line.match(DATE_PATTERNS.yMonD);
  if (m && monthOf(m[2]!)) return { date: { y: +m[1]!, mo: monthOf(m[2]!)!, d: +m[3]! }, text: m[0], dayText: m[3]! };
  // A Burmese month name with a four-digit year before a two-digit-year date: "27 နိုဝင်ဘာ 2026, 09.07.03" is no
  // 9 July 2003.
  const burmese = burmeseMonthDate(line);
  if (burmese) return burmese;
  m = line.match(DATE_PATTERNS.dmyy);
  if (m && monthFirst(m[1]!, m[3]!))
    return { date: { y: 2000 + +m[4]!, mo: +m[1]!, d: +m[3]! }, text: m[0], dayText: m[3]!, monthText: m[1]! };
  if (m) {
    const yearFirst = +m[1]! >= 20 ? { yearFirst: { y: 2000 + +m[1]!, mo: +m[3]!, d: +m[4]! } } : {};
    return { date: { y: 2000 + +m[4]!, mo: +m[3]!, d: +m[1]! }, text: m[0], dayText: m[1]!, monthText: m[3]!, ...yearFirst };
  }
  m = line.match(DATE_PATTERNS.dMonYy);
  if (m && monthOf(m[2]!)) return { date: { y: 2000 + +m[3]!, mo: monthOf(m[2]!)!, d: +m[1]! }, text: m[0], dayText: m[1]! };
  return null;
}

const MM_AM = /နံနက်|မနက်/;
const MM_PM = /ညနေ|နေ့လယ်|မွန်းလွဲ|ည(?!\S)/;

type Clock = { h: number; mi: number; s: number };

function findClock(line: string): Clock | null {
  // A "1" right after the seconds is the Burmese full stop (။) as the English data reads it ("09:27:431").
  // A clock whose colon OCR lost is one still when AM or PM follows it ("1219 PM" of ၁၂:၁၉ PM).
  const m =
    line.match(/(?<![\d:])(\d{1,2})\s?[:.]\s?(\d{2})(?:\s?:\s?(\d{2})1?)?\s*([AaPp]\.?[Mm]\.?)?(?![\d:])/) ??
    line.match(/(?<![\d:])(\d{1,2})(\d{2})()\s?([AaPp]\.?[Mm]\.?)(?![\w:])/);
  // "14.05" is a clock only with AM/PM beside it; "10.20" alone may be an amount.
  if (!m || (line[m.index! + m[1]!.length] === '.' && !m[4])) return null;
  let h = +m[1]!;
  const mi = +m[2]!;
  const s = m[3] ? +m[3] : 0;
  let half = m[4]?.toLowerCase().replace(/\./g, '');
  if (!half && MM_AM.test(line)) half = 'am';
  if (!half && MM_PM.test(line)) half = 'pm';
  if (half) {
    if (h < 1 || h > 12) {
      if (h !== 0 || half !== 'am') return null;
    }
    if (half === 'pm' && h !== 12) h += 12;
    if (half === 'am' && h === 12) h = 0;
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return { h, mi, s };
}

/**
 * A clock printed with dots ("25-Nov-2026 10.46", or colons OCR read as dots), right after its date: where nothing
 * else but a clock is printed. (Elsewhere "10.46" alone may be an amount: findClock.)
 */
function dottedClockAfter(line: string, dateText: string): Clock | null {
  const after = line.slice(line.indexOf(dateText) + dateText.length);
  const m = after.match(/^[\s,]*(\d{1,2})\.(\d{2})(?:\.(\d{2}))?(?![\d.,])/);
  return m ? findClock(`${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ''}${after.slice(m[0].length)}`) : null;
}

const toUtc = (date: DateParts, clock: Clock): string | null => {
  const { y, mo, d } = date;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const local = Date.UTC(y, mo - 1, d, clock.h, clock.mi, clock.s);
  if (new Date(local).getUTCDate() !== d) return null; // 31 Feb and the like
  return new Date(local - YANGON_OFFSET_MINUTES * 60_000).toISOString();
};

/**
 * The receipt's date and time (Myanmar time) as UTC ISO text. The clock sits beside the date, on the line after or
 * before it (separate "Date" and "Time" rows), or is the text's only clock.
 */
export function readTime(lines: string[]): string | null {
  return timeOf(lines).value;
}

/**
 * The times the printed date may mean had OCR misread it: a day printed as one digit may be a two-digit day whose
 * first digit OCR lost ("3 Nov" of 23 Nov, the "2" eaten by the label or an edge), so the same date and clock with 1,
 * 2 or 3 before the day; a month in digits may have one digit misread ("25/10/2026" of 25/11 in a photo, at the
 * confidence of the digits beside it); a two-digit year may stand first (see FoundDate).
 */
function otherTimes(found: FoundDate, clock: Clock): string[] {
  const dates = [
    ...(found.dayText.length === 1 ? [1, 2, 3].map((tens) => ({ ...found.date, d: tens * 10 + found.date.d })) : []),
    ...monthsOneDigitAway(found.monthText).map((mo) => ({ ...found.date, mo })),
    ...(found.unitLost ? [...Array(10).keys()].map((unit) => ({ ...found.date, d: found.date.d * 10 + unit })) : []),
    ...(found.yearFirst ? [found.yearFirst] : []),
  ];
  return dates.map((d) => toUtc(d, clock)).filter((t): t is string => t !== null);
}

/**
 * The later months whose two digits differ from a month printed in digits in one place ("10": 11, 12). Only later
 * ones: a misread that makes a receipt look older is what would call it old; one dated after its order is unread
 * anyway.
 */
function monthsOneDigitAway(text: string | undefined): number[] {
  if (!text) return [];
  const read = text.padStart(2, '0');
  const differ = (mo: number) => [...String(mo).padStart(2, '0')].filter((c, i) => c !== read[i]).length === 1;
  return [...Array(12).keys()].map((i) => i + 1).filter((mo) => mo > +text && differ(mo));
}

/** A phone's status bar: a battery level ("45%", never a mask's "%4567") or a network mark. */
const STATUS_BAR = /\d\s?%(?![\d*%#¥+])|\b(?:[345]G|LTE)\b/;

function timeOf(lines: string[]): { value: string | null; ifMisread: string[] } {
  const found = new Map<string, string[]>();
  // The phone's status bar shows when the screenshot was taken, not when the payment was made.
  const clocks = lines.map((l) =>
    STATUS_BAR.test(l) ? null : findClock(l.replace(DATE_PATTERNS.ymd, ' ').replace(DATE_PATTERNS.dmy, ' ')),
  );
  const distinctClocks = new Set(clocks.filter(Boolean).map((c) => `${c!.h}:${c!.mi}:${c!.s}`));
  // A date the line wrapped ("Date: 2026" / "11-25 8:39 AM", "Nov" / "25, 2026"), sought only where no line holds a
  // whole one: the two lines joined, the date across the break (OCR often loses a separator at a line's edge).
  const wrapped = (i: number) => {
    if (i + 1 >= lines.length || [lines[i]!, lines[i + 1]!].some((l) => findDate(l) || STATUS_BAR.test(l))) return null;
    // Burmese script after a Latin month (and its day) at the break is what the Burmese reading made of the edge or
    // of a label beside it ("Nov လဝ", "Nov 25, အမုတ").
    const first = lines[i]!.replace(/(?<=\b[A-Za-z]{3,9}\.?(?:\s\d{1,2},?)?)\s+[\u1000-\u109f]{1,6}$/, '');
    // A year's separator lost at the break comes back as the month's ("2026" / "11-25"), at the same length.
    const joined = `${first} ${lines[i + 1]}`.replace(/(20\d{2}) (\d{1,2})([-/.])(?=\s?\d)/, '$1$3$2$3');
    const date = findDate(joined);
    return date && joined.indexOf(date.text) < first.length && joined.indexOf(date.text) + date.text.length > first.length + 1
      ? { date, line: joined }
      : null;
  };
  const anyDate = lines.some((l) => findDate(l));
  lines.forEach((text, i) => {
    const whole = findDate(text);
    const across = whole || anyDate ? null : wrapped(i);
    const date = whole ?? across?.date;
    if (!date) return;
    const line = across?.line ?? text;
    const sameLine = findClock(line.replace(date.text, ' ')) ?? dottedClockAfter(line, date.text);
    const near = [i + 1, i - 1, i + 2].map((j) => (j >= 0 && j < lines.length && !findDate(lines[j]!) ? clocks[j] : null)).find(Boolean);
    const only = distinctClocks.size === 1 ? clocks.find(Boolean) : null;
    const clock = sameLine ?? near ?? only;
    if (!clock) return;
    const iso = toUtc(date.date, clock);
    if (iso) found.set(iso, [...(found.get(iso) ?? []), ...otherTimes(date, clock)]);
  });
  // Several different times (e.g. a statement) mean we can't tell which one is this payment.
  if (found.size !== 1) return { value: null, ifMisread: [] };
  const [[value, other]] = [...found.entries()] as [[string, string[]]];
  return { value, ifMisread: [...new Set(other)].filter((t) => t !== value) };
}

// ---------------------------------------------------------------------------------------------------------------
// Receiver

/** Characters wallets mask phone digits with, and what OCR makes of asterisks (¥, %, #, +). */
const MASK = '[*xX•·¥%#+=]';
/** A phone number, possibly masked (09*****1234, ******1234, +959 7xx xxx 123); never across a sentence's full stop. */
// Not inside a longer number: a transaction id often contains "09…". Among three or more mask characters, or between
// two after "09", a letter is one more misread asterisk ("*¥¥¥*+q1122", "09**F*4567").
const PHONE = new RegExp(
  `(?<![\\dA-Za-z])(?:(?:\\+?95\\s?|0)9(?:(?!\\.\\s)[\\d .-]|${MASK}|(?<=${MASK})[A-Za-z](?=${MASK})){5,14}\\d|${MASK}{3,}(?:[\\d -]|${MASK}|[A-Za-z](?=${MASK}|\\d))*\\d{2,})(?!\\d)`,
);

/**
 * A masked phone whose mask OCR turned into letters and brackets ("Q9*¥r¥k]1122", "*kkk*%1122", "Hrkrx] 122"): a run
 * of 3+ non-digits holding at least one mask-like sign (or one letter four times over), then the 3–4 digits shown.
 * Only inside a receiver's block. A lone digit before the bracket that closes the number is its last, OCR spaced off
 * ("(**+ee+112  2)" of 1122).
 */
const GARBLED_MASK = /(?<![\dA-Za-z])([0OQo][9gq]\s?)?([^\s\d]{3,12})\s?(\d{3}\s{1,2}\d(?=\))|\d{3,4})(?![\d,.]?\d)/;

function garbledMaskedPhone(line: string): { raw: string; phone: string } | null {
  const m = line.match(GARBLED_MASK);
  // A mask-like sign among them, or one letter four times over ("eeeeee1122"): no name is spelt so.
  const maskLike = /[*¥%#+\][|}{•·]/.test(m?.[2] ?? '') || /(\p{L})\1{3}/u.test(m?.[2] ?? '');
  if (!m || !maskLike || /[a-z]{2,}\s[a-z]/i.test(m[0])) return null;
  const shown = m[3]!.replace(/\s/g, '');
  return { raw: m[0], phone: `${m[1] ? '09' : ''}${'*'.repeat(Math.max(3, 11 - (m[1] ? 2 : 0) - shown.length))}${shown}` };
}

/** The digits a mask shows end the number: what follows a space after them is the sentence's next number. */
const MASKED_END = new RegExp(`(${MASK}{2,}\\d{2,})[\\s.-].*$`);

/** A number's digits as written at home: "+95 9…" and "959…" are "09…". */
const localDigits = (s: string) => s.replace(/\D/g, '').replace(/^95(?=9)/, '0');

/**
 * A whole number (09…, +95 9…) followed by more digit groups a space apart ("+959767551824 025", "09450031122 0503"):
 * a number runs 9 to 11 digits written at home, so the longest run of whole groups within that is the number, and
 * what follows is the sentence's next word.
 */
function wholeNumberBefore(found: string): string | null {
  if (!/^(?:\+?95|0)\s?9/.test(found) || localDigits(found).length <= 11) return null;
  let number: string | null = null;
  for (const gap of found.matchAll(/\s(?=\d)/g)) {
    const before = found.slice(0, gap.index);
    const digits = localDigits(before).length;
    if (/^[+\d\s]+$/.test(before) && digits >= 9 && digits <= 11) number = before;
  }
  return number;
}

function cleanPhone(found: string): string | null {
  // A letter PHONE let in is a misread mask character: one before the digits shown still makes them the mask's end.
  // So is a lone digit between the mask and the digits shown, a space apart from them ("****%%1 1122").
  // A whole number runs 9 to 11 digits: a group of digits a space after a whole one is the next word ("09450031122
  // 0503"), not more of the number.
  const number = wholeNumberBefore(found) ?? found;
  const raw = number
    .replace(/[A-Za-z]/g, '*')
    .replace(MASKED_END, '$1')
    .replace(new RegExp(`(?<=${MASK})\\d\\s(?=\\d{3,4}\\)?$)`), '*');
  const international = /^\+?95/.test(raw);
  const body = raw
    .replace(/^\+?95/, '')
    .replace(/[\s.-]/g, '')
    .replace(new RegExp(MASK, 'g'), '*')
    .replace(/[A-Za-z]/g, '*');
  // Wallets mask one run of digits: digits between two mask signs are mask OCR misread ("0977x00x567").
  const compact = (international ? `95${body}` : body).replace(/(?<=\*)\d+(?=\*)/g, (d) => '*'.repeat(d.length));
  return compact.replace(/\D/g, '').length >= 3 ? compact : null;
}

/** Wallet and operator names: a title such as "Transfer to KBZPay" names the wallet, never the payee. */
const WALLET_WORDS =
  /\b(?:kbz\s?pay|kbz(?:\s?bank)?|wave\s?(?:pay|money)|aya\s?pay|aya(?:\s?bank)?|cb\s?pay|cb(?:\s?bank)?|uab\s?pay|uab|one\s?pay|m-?pitesan|mpt|atom|telenor|ooredoo|mytel|wallet|account|mobile\s+money|money|bank)\b|ကေဘီဇက်|ဝေ့ဖ်|ဝေ့|အေယူအေ/gi;

/** "to" and a person's name ending the phrase: one to four capitalised words, an honorific first. */
const PAYEE_IN_SENTENCE =
  /\bto\s+((?:(?:U|Daw|Ko|Ma|Mg)\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,3})(?=\s*(?:[(,.]|\b(?:is|was|on|has|have)\b|$))/g;

/**
 * A Burmese sentence's payee: the name before "ထံ" (to), with what OCR made of the number after it in between
 * ("Kyaw Zin Oo 000ထ67) ထံသို့" of "Kyaw Zin Oo (0977xxxx567) ထံသို့"). Two words or more: one ("Ree") is as
 * likely debris of the number.
 */
const PAYEE_BEFORE_THAN = /((?:(?:U|Daw|Ko|Ma|Mg)\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,3})\s+(?:\(?\S{0,16}\s+)?ထံ/g;

/** The one person a sentence says the money went to, or null (none, or two different ones). */
function sentencePayee(text: string): string | null {
  const said = [...text.matchAll(PAYEE_IN_SENTENCE), ...text.matchAll(PAYEE_BEFORE_THAN)];
  const names = new Set(said.map((m) => nameFrom(m[1]!)).filter((n): n is string => n !== null));
  return names.size === 1 ? [...names][0]! : null;
}

/** Words of a title or a status line ("Transfer Successful", "Payment Details"): OCR may leave one where a name would be. */
const TITLE_WORDS = /\b(?:transfer(?:red)?|payment|receipt|details?|amount|success(?:ful(?:ly)?)?|completed?|failed|pending|cancell?ed)\b/i;

function nameFrom(text: string): string | null {
  if (TITLE_WORDS.test(text)) return null;
  const spaced = text
    .replace(WALLET_WORDS, ' ')
    .replace(/[()[\]|,:;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // After a name of two Latin words or more, pieces with no Latin letter are OCR's debris of an icon or a mask
  // ("Kyaw Zin လ%%"), not part of the name.
  const rest = spaced.split(' ').filter((w) => /[A-Za-z]/.test(w)).length >= 2 ? spaced.replace(/(?:\s[^\sA-Za-z]+)+$/, '') : spaced;
  // A name is letters (Latin or Myanmar); OCR noise of one or two characters is not a name.
  if (!/[A-Za-z\u1000-\u109f]{2,}/.test(rest) || rest.replace(/[^A-Za-z\u1000-\u109f]/g, '').length < 3) return null;
  // A mask OCR made letters of ("Fokkkokk]]DD"): a letter three times over, or a Latin word of 3+ letters without a
  // vowel, is no name anyone is called.
  const words = rest.split(' ');
  return /(\p{L})\1\1/iu.test(rest) ||
    words.some((w) => /^[A-Za-z]{3,}$/.test(w) && !/[aeiouy]/i.test(w)) ||
    words.some((w) => /^[A-Z]{2}$/.test(w))
    ? null
    : rest;
}

/**
 * A receiver block's party. `garbled`: digits beside the words that read as no phone (a mask OCR made letters of);
 * `tail`: the last 3 of those digits when the garbled number ends in 3 or more, the digits a mask leaves shown.
 */
type Party = { name: string | null; phone: string | null; garbled: boolean; tail: string | null; maskGarbled: boolean };

/**
 * A mask OCR shrank to one or two signs before the last 4 digits ("Ma Hnin Wai, #1122" of "******1122"): taken only
 * under a payee label, at the end of the line, where nothing else ends that way.
 */
function shortMask(line: string): { raw: string; phone: string } | null {
  const m = line.match(/(?<=^|[\s,(])[*¥%#+•·]{1,2}\s?(\d{4})\)?$/);
  return m ? { raw: m[0], phone: `*******${m[1]}` } : null;
}

/**
 * The number a Burmese sentence names as the payee ("…4567 ထံသို့"), its mask OCR shrank, garbled or lost ("*e4567",
 * "09%++k4567", "091122", "88ဂၢ႔4567" with "09" misread too): the digits shown, after one to twelve signs that are no
 * digit or after "09" (six digits are no phone number). Found by shape, so it may agree but never disagree.
 */
function burmesePayeeTail(line: string): { raw: string; phone: string } | null {
  const m = line.match(/(?<=^|[\s(])((09|\d{2}(?=[^\s\d()]))?([^\s\d()]{0,12})\s?(\d{3,4}))\)?\s*ထံ/);
  if (!m || (!m[2] && !m[3]) || /^[A-Za-z]{3,}$/.test(m[3]!)) return null;
  const lead = m[2] === '09' ? '09' : '';
  return { raw: m[1]!, phone: `${lead}${'*'.repeat(11 - lead.length - m[4]!.length)}${m[4]}` };
}

/**
 * A mask OCR shrank to one or two signs in a sentence, right after "to" ("…MMK to" / ". *+4567 was successful"):
 * `afterTo` says the line before ended with it. Found by shape: it may agree, never disagree.
 */
function sentenceShortMask(line: string, afterTo: boolean): { raw: string; phone: string } | null {
  const m = line.match(afterTo ? /^[\s.,]*([*¥%#+•·]{1,2}\s?(\d{4}))(?!\d)/ : /\bto\s+([*¥%#+•·]{1,2}\s?(\d{4}))(?!\d)/i);
  return m ? { raw: m[1]!, phone: `*******${m[2]}` } : null;
}

/** A receiver block's name and phone: the phone anywhere in it, the name on its first line or the line beside the phone. */
function partyOf(block: Block): Party {
  let phone: string | null = null;
  let name: string | null = null;
  let garbled = false;
  let tail: string | null = null;
  let maskGarbled = false;
  // Past four lines a block has run into text that is not the receiver's (a footer, an unlabelled row).
  for (const line of block.lines.slice(0, 4)) {
    // A line with a date, an amount or a long id is not the receiver's (OCR of sparse layouts reorders lines).
    if (findDate(line) || amountsIn(line).length || (longNumbersIn(line).length && !line.match(PHONE))) continue;
    const m = line.match(PHONE);
    const garbledMask = m ? null : (garbledMaskedPhone(line) ?? shortMask(line));
    const here = m ? cleanPhone(m[0]) : (garbledMask?.phone ?? null);
    if (here && !phone) {
      phone = here;
      maskGarbled = !m && garbledMask !== null && garbledMask.raw !== shortMask(line)?.raw;
    }
    const words = m ? line.replace(m[0], ' ') : garbledMask ? line.replace(garbledMask.raw, ' ') : line;
    const cleaned = words.replace(WALLET_WORDS, ' ');
    // Digits left beside the words are a phone number OCR garbled: a name alone must not decide this receiver.
    if (!here && /\d{2,}/.test(cleaned)) {
      garbled = true;
      tail ??= cleaned.match(/(\d{3,})\W*$/)?.[1]?.slice(-3) ?? null;
    }
    if (!name && !/\d{2,}/.test(cleaned)) name = nameFrom(words);
    // A name before a number OCR garbled on its line ("Hnin Wai (*¥¥¥+¥kkx]1]122)"): the words up to the number.
    else if (!name && !here) {
      const before = cleaned.split(/[(,]|\s(?=\S*\d)/)[0]!;
      if (!/\d/.test(before)) name = nameFrom(before);
    }
  }
  return { name, phone, garbled, tail, maskGarbled };
}

const twoScripts = (name: string) => /[A-Za-z]/.test(name) && /[\u1000-\u109f]/.test(name);

const SENTENCE_WORDS = /\b(?:to|of|was|is|the|you|your|have|has|transfer(?:red)?|sent|successful(?:ly)?|balance|ks|mmk|kyats?)\b/i;

/** The receiver, from its blocks ("Transfer To", "Receiver Name" + "Receiver Number", "Beneficiary", "Paid To"…). */
export function readReceiver(lines: string[]): ReceiptReading['receiver'] {
  return receiverOf(lines).value;
}

function receiverOf(lines: string[]): { value: ReceiptReading['receiver']; labelled: boolean } {
  const labelled = (value: ReceiptReading['receiver']) => ({ value, labelled: true });
  const { blocks } = toBlocks(lines);
  const parties = blocks
    .filter((b) => b.kind === 'receiver' || b.kind === 'receiverName' || b.kind === 'receiverPhone')
    .map((b) => ({ kind: b.kind, ...partyOf(b) }));
  const phones = new Set(parties.map((p) => p.phone).filter((p): p is string => p !== null));
  const nameOf = (kind: LabelKind) => parties.find((p) => p.kind === kind && p.name)?.name ?? null;
  const name = nameOf('receiverName') ?? nameOf('receiver') ?? null;
  if (phones.size > 1) return labelled(null);
  const phone = phones.size === 1 ? [...phones][0]! : null;
  if (phone) {
    const doubtful = parties.some((p) => p.phone === phone && p.maskGarbled);
    return labelled(doubtful ? { name, phone, phoneDoubtful: true } : { name, phone });
  }
  // A name of two scripts ("mo ကစ") is debris a two-column row's OCR put under the label, its value read above it:
  // the search below looks at the rest of the text.
  if (name && !parties.some((p) => p.garbled) && !twoScripts(name)) return labelled({ name, phone: null });
  // A name beside a number OCR garbled: the digits it still shows at its end ("0oXESEX1122", "FkkRINA567") may
  // agree; when they don't, they are a garbled mask's, and the name under the payee label decides, as when a mask
  // OCR made letters of is read beside it. A label with no name or number under it (OCR of a two-column row may put
  // the value before its label) leaves the search below to the rest of the text.
  if (name && parties.some((p) => p.garbled)) {
    const tails = new Set(parties.map((p) => p.tail).filter((t): t is string => t !== null));
    return labelled({ name, phone: tails.size === 1 ? `********${[...tails][0]!}` : null, phoneDoubtful: true });
  }

  // No receiver label read (often Burmese labels, which the English OCR data can't read; an SMS "…to 09xxxxxx123"):
  // the one phone number outside the sender's block, with the name beside it, is the receiver. Two different
  // numbers: we can't tell which, so none.
  const { head } = toBlocks(lines);
  const candidates = [...head, ...blocks.filter((b) => !['sender', 'txn', 'balance', 'time'].includes(b.kind)).flatMap((b) => b.lines)];
  const found = new Map<string, { name: string | null; phone: string; sentence: boolean }>();
  for (const [i, line] of candidates.entries()) {
    const whole = line.match(PHONE);
    // A mask OCR garbled counts only on a line with no other digits (a name beside it, or a sentence).
    const garbledMask = whole || /\d[^\d]+\d{3}/.test(line.replace(/\d{3,4}(?!.*\d)/, '')) ? null : garbledMaskedPhone(line);
    const afterTo = /\bto$/i.test(candidates[i - 1]?.trim() ?? '');
    const short = whole || garbledMask ? null : sentenceShortMask(line, afterTo);
    const marked = whole || garbledMask || short ? null : burmesePayeeTail(line);
    const shape = garbledMask ?? short ?? marked;
    const m = whole ?? (shape ? Object.assign([shape.raw], { index: line.indexOf(shape.raw) }) : null);
    const p = whole ? cleanPhone(whole[0]) : (shape?.phone ?? null);
    if (!m || !p || (!p.includes('*') && p.replace(/\D/g, '').length < 9)) continue;
    const beforePhone = line.slice(0, m.index);
    // An SMS sentence: the number after "to" is the receiver, a number after "from" is the sender.
    if (/\bfrom\s*$/i.test(beforePhone)) continue;
    // The name printed before the number ("Kyaw Zin (09…)", "…to Kyaw Zin (09…)"), never the sentence after it.
    const before = (beforePhone.match(/\bto\s+([A-Za-z][A-Za-z .']{2,}?)\s*\(?\s*$/i)?.[1] ?? beforePhone).replace(/[(,:\s]+$/, '').trim();
    const isName = /^[A-Za-z][A-Za-z .'-]{2,}$/.test(before) && !SENTENCE_WORDS.test(before);
    // "…to 09…" / "…to Kyaw Zin (09…)": a sentence says whose number it is.
    const sentence =
      /\bto\s+(?:[A-Za-z][A-Za-z .']{2,}?\s*\(?\s*)?$/i.test(beforePhone) ||
      (!beforePhone.trim() && /\bto$/i.test(candidates[i - 1] ?? ''));
    // A mask shrank to a sign or two is found by its shape, whatever the sentence says.
    found.set(p, { name: isName ? nameFrom(before) : null, phone: p, sentence: sentence && !short });
  }
  // No number at all: an SMS naming its payee only ("Payment of 12,500 Ks to Kyaw Zin is successful"). The name may
  // agree, never disagree: a sentence's words around a name are not a label.
  if (found.size === 0) {
    const name = sentencePayee(candidates.join(' '));
    return { value: name ? { name, phone: null } : null, labelled: false };
  }
  if (found.size !== 1) return { value: null, labelled: false };
  const [only] = [...found.values()];
  return { value: { name: only!.name, phone: only!.phone }, labelled: only!.sentence };
}

// ---------------------------------------------------------------------------------------------------------------
// Status

/**
 * English success words, with the doubled "l" some apps print ("Successfull") and the first letters OCR lost at a
 * line's or a photo's edge ("essfully transferred"): one list for SUCCESS and its negations.
 */
const SUCCESS_WORDS = String.raw`success(?:ful{1,2}(?:l?y)?)?|(?:s?uc|c)?c?essful{1,2}(?:l?y)?|succeeded|completed?|approved`;
/**
 * A completed transfer told in the past tense: "Balance transferred", "…was sent", Burmese "…ပြီးပါပြီ" (has been
 * done), and an SMS sentence "You (have) sent 5,000 Ks … to …". Not "You sent" alone: an app may head a pending
 * screen with it above a status badge OCR can miss. Nor "Sent To" or "Amount Sent": labels any screen prints.
 */
const COMPLETED_PHRASES = String.raw`\byou\s+(?:have\s+)?(?:sent|transferred)\s+(?:[^.\n]|\.(?=\d))*?\d(?:[^.\n]|\.(?=\d))*?\bto\b|\b(?:(?:has|have)\s+been|was|were)\s+(?:sent|transferred)\b|\bbalance\s+transferred\b|ပြီးပါပြီ`;
const FAILED = new RegExp(
  String.raw`\b(?:un-?\s?(?:${SUCCESS_WORDS})|not\s+(?:been\s+)?(?:${SUCCESS_WORDS})|not\s+(?:been\s+|be\s+)?(?:sent|transferred)|did\s+not\s+succeed|fail(?:ed|ure)?|declined|rejected|reversed|refunded|expired|insufficient)\b|မအောင်\s?မြင်|မရ(?:ပါ|နိုင်)`,
  'i',
);
const CANCELLED = /\b(?:cancell?ed)\b|ပယ်ဖျက်(?:ပြီး|လိုက်)/i;
const PENDING =
  /\b(?:pending|processing|in\s+progress|on\s+hold|awaiting|waiting\s+for)\b|ဆိုင်းငံ့|စောင့်ဆိုင်း|ဆောင်ရွက်(?:နေ)?ဆဲ|လုပ်ဆောင်(?:နေ)?ဆဲ|မ(?:ပြီး|ရ)သေး/i;
// OCR spaces Burmese words at syllables: "အောင် မြင်ပါ သည်" is still the success word.
const COMPLETED = new RegExp(COMPLETED_PHRASES, 'i');
const SUCCESS = new RegExp(String.raw`\b(?:${SUCCESS_WORDS})\b|အောင်\s?မြင်|${COMPLETED_PHRASES}`, 'i');

/**
 * The Burmese status words on their consonants (marks dropped by OCR), as whole words: "မအောင်မြင်" (failed) is
 * "မအငမင", and "အောင်မြင်" (success) counts only with no letter before it, so a failure whose first letter was lost
 * is never read as a success by this rule.
 */
const FAILED_SKELETON = /(?<![\u1000-\u109f])မအင\s?မင|ပယဖက/;
const PENDING_SKELETON = /ဆငငထ|စငဆင/;
const SUCCESS_SKELETON = /(?<![\u1000-\u109f])အင\s?မင/;

const MARK = BURMESE_MARKS.source;
/** "အောင်မြင်" with any marks OCR kept, dropped or swapped, and a space between its syllables. */
const SUCCESS_WORD = new RegExp(`အ${MARK}*င${MARK}*\\s?မ${MARK}*င`, 'g');
/**
 * "အောင်မြင်ပါသည်" (successful) with one of its syllables lost to OCR: "ဘင်မြင်ပါသည်" (the first), "အောင် င်ပါသည်"
 * (the second's letters). A Burmese "not" (မ…ပါ) never takes the affirming "သည်", so what is left still says success,
 * unless a "မ" may stand before it. Captured: the letters before what is left, in its word.
 */
const AFFIRMED_ENDINGS = [
  // The second syllable and the ending: whatever is left of the first must not start with "မ".
  {
    re: new RegExp(`([\\u1000-\\u109f]*)မ${MARK}*င${MARK}*\\s?ပ${MARK}*\\s?သ${MARK}*ည`),
    negates: (before: string) => before.startsWith('မ'),
  },
  // The first syllable, a few signs of the second, and the ending: "မ" glued before it is the "not".
  {
    re: new RegExp(`([\\u1000-\\u109f]*)အ${MARK}*င${MARK}*\\s?[\\u1000-\\u109f]{0,3}\\s?ပ${MARK}*\\s?သ${MARK}*ည`),
    negates: (before: string) => NEGATION_END.test(before),
  },
];

/**
 * The word before a success word is a bare "မ" (not), maybe with a tone mark OCR added, maybe with one more bare
 * letter after it (the "ေ" of "မအောင်" read as a letter: "မစ အာင်မြင်").
 */
const NEGATION = /^မ[\u1037\u1038]?[\u1000-\u1021]?$/;
/** The same at the end of a longer word: the "မ" glued to the word before it, or a "မှု" whose marks OCR lost. */
const NEGATION_END = /(?<!\u1039)မ[\u1037\u1038]?[\u1000-\u1021]?$/;
/** The same ending the line before a success word: a wrap never parts the "ေ" of "မအောင်" from its syllable. */
const NEGATION_WRAPPED = /(?<!\u1039)မ[\u1037\u1038]?$/;

/** The Myanmar-script word before a position of a line, spaces and stray signs (not Myanmar script) skipped. */
function burmeseWordBefore(line: string, at: number): string {
  return (
    line
      .slice(0, at)
      .replace(/[^\u1000-\u109f\s]/g, '')
      .trimEnd()
      .match(/\S*$/)?.[0] ?? ''
  );
}

/**
 * Whether a line negates a Burmese success word that OCR broke away from its "မ" (not): "မ အောင်မြင်ပါ", "မ' အောင်မြင်",
 * "မစ အာင်မြင်ပါး". `refused` when the word before it is that "မ"; `doubtful` when it may be the "မ" or a syllable
 * of another word (a longer word ending in a bare မ, "ငွေလွှဲခြင်းမ" or "ငွေပေးချေမ[ှု]"; a short word starting with
 * မ, "မှု" split off its noun): never a success then. Spaces and stray signs (not Myanmar script) between are skipped.
 */
function negatedSuccess(line: string, wrapped = false): 'refused' | 'doubtful' | null {
  let doubtful = false;
  for (const m of line.matchAll(SUCCESS_WORD)) {
    const word = burmeseWordBefore(line, m.index);
    if (NEGATION.test(word)) return 'refused';
    // A line wraps between syllables, never inside one: a word the line before ends with is the "မ" only when it ends
    // with the bare "မ".
    if (wrapped ? NEGATION_WRAPPED.test(word) : NEGATION_END.test(word) || /^မ[\u1000-\u1021]?$/.test(burmeseSkeleton(word)))
      doubtful = true;
  }
  return doubtful ? 'doubtful' : null;
}

/**
 * The status the receipt prints: any failure, cancellation or pending word decides; else a success word. A success
 * word whose negation may have been broken off is never a success.
 */
export function readStatus(lines: string[]): { status: ReceiptStatus | null; text: string | null } {
  // A "not" the line wrapped before the word it negates ("… ငွေလွှဲခြင်း မ" / "အောင်မြင်ပါ။") counts: each line is also
  // judged after the end of the line before it.
  const negations = lines.map((l, i) => {
    const alone = negatedSuccess(l);
    const after = i > 0 ? negatedSuccess(`${lines[i - 1]!.split(/\s+/).at(-1)} ${l}`, true) : null;
    return alone === 'refused' || after === 'refused' ? 'refused' : (alone ?? after);
  });
  const refused = lines.find((_, i) => negations[i] === 'refused');
  const maybeRefused = negations.includes('doubtful');
  // The same in English: "… was not" / "successful." is a failure. Refusal words are also sought in each line joined
  // to the one before it.
  const withWraps = [...lines, ...lines.slice(1).map((l, i) => `${lines[i]} ${l}`)];
  for (const [status, re, skeleton] of [
    ['failed', FAILED, FAILED_SKELETON],
    ['cancelled', CANCELLED, null],
    ['pending', PENDING, PENDING_SKELETON],
    ['success', SUCCESS, null],
  ] as const) {
    if (status === 'success' && maybeRefused) return { status: null, text: null };
    // A success word is sought on a line, a sentence telling the transfer done across the lines it wraps over too.
    const line =
      status === 'success'
        ? (lines.find((l) => re.test(l)) ?? withWraps.find((l) => COMPLETED.test(l)))
        : withWraps.find((l) => re.test(l));
    if (line) return { status, text: line.match(re)![0] };
    const marksLost = skeleton ? lines.find((l) => skeleton.test(burmeseSkeleton(l))) : undefined;
    if (marksLost) return { status, text: marksLost };
    if (status === 'failed' && refused !== undefined) return { status, text: refused };
  }
  // A success word read without its marks or its first syllable, only when no refusal word was read in any form.
  const success = lines.find((l) => SUCCESS_SKELETON.test(burmeseSkeleton(l)) || affirmed(l));
  return success ? { status: 'success', text: success } : { status: null, text: null };
}

/** Whether a line ends a sentence in what is left of an affirmed "အောင်မြင်ပါသည်", with no "not" that may be before it. */
function affirmed(line: string): boolean {
  return AFFIRMED_ENDINGS.some(({ re, negates }) => {
    const m = re.exec(line);
    if (!m || negates(m[1]!)) return false;
    const wordBefore = burmeseWordBefore(line, m.index);
    return !NEGATION.test(wordBefore) && !NEGATION_END.test(wordBefore);
  });
}

/**
 * A messaging app's day heading on a line of its own ("Today", "Yesterday", "Nov 15", "Sat, Nov 21", "27 နိုဝင်ဘာ",
 * "ယနေ့"): the messages above it came on an earlier day.
 */
const DAY_HEADING = new RegExp(
  String.raw`^(?:today|yesterday|(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s*)?(?:(?:${MONTHS.join('|')})[a-z]*\.?\s+\d{1,2}|\d{1,2}\s+(?:${MONTHS.join('|')})[a-z]*)(?:,?\s+20\d{2})?|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|ယနေ့|မနေ့က|\d{1,2}\s+(?:${MM_MONTHS.map(([re]) => re.source).join('|')}))$`,
  'i',
);

/**
 * The lines after a message thread's last day heading, when a payment sentence and an id come after it: an older
 * message above (a promotion's price, an OTP) is no part of the payment. Otherwise all the lines.
 */
function newestDay(lines: string[]): string[] {
  const heading = lines.findLastIndex((l) => DAY_HEADING.test(l.trim()));
  if (heading <= 0) return lines;
  const after = lines.slice(heading + 1);
  return after.some((l) => SMS_AMOUNT.test(l)) && after.some((l) => longNumbersIn(l).length) ? after : lines;
}

export function readReceipt(text: string): ReceiptReading {
  const lines = newestDay(receiptLines(text));
  const messages = threadOf(lines);
  if (!messages) {
    const reading = readLines(lines);
    if (!mixedMessages(lines)) return reading;
    const fields = (['amount', 'transactionId', 'time', 'receiver'] as const).filter((f) => reading[f] !== null);
    return { ...reading, unlabelled: [...new Set([...reading.unlabelled, ...fields])] };
  }
  const readings = messages.map(readLines);
  return { ...readings.at(-1)!, messages: readings };
}

/**
 * The messages of an SMS thread, or null when the text is one receipt or one message. A message ends where the next
 * one names a payment after it gave an id. Two or more messages each holding a payment, an id and a status make a
 * thread: a receipt with a second long number (a reference) and its amount rows is none, having one status.
 */
function threadOf(lines: string[]): string[][] | null {
  const payments = (line: string) => amountsIn(line.replace(BALANCE_IN_SENTENCE, ' ')).filter((a) => a > 0).length;
  const messages: string[][] = [[]];
  let idSeen = false;
  for (const [i, line] of lines.entries()) {
    // A sum here, or one whose currency wrapped to the next line ("sent 12,500" / "Ks to …").
    const next = lines[i + 1] ?? '';
    const pays = payments(line) > 0 || payments(`${line} ${next}`) > payments(next);
    if (pays && idSeen) {
      // The new message's opening words with no number in them ("UAB Pay: You have successfully") are its own.
      const current = messages.at(-1)!;
      const opening: string[] = [];
      while (current.length > 1 && !/\d/.test(current.at(-1)!)) opening.unshift(current.pop()!);
      messages.push(opening);
      idSeen = false;
    }
    messages.at(-1)!.push(line);
    if (longNumbersIn(line).length) idSeen = true;
  }
  if (messages.length < 2) return null;
  const whole = messages.filter(
    (m) => m.some((l) => longNumbersIn(l).length) && amountOf(m).value !== null && readStatus(m).status !== null,
  );
  return whole.length >= 2 ? messages : null;
}

const TXN_LABEL = new RegExp(LABELS.find(([kind]) => kind === 'txn')![1], 'gi');

/**
 * Whether the text shows messages it could not cut apart (an SMS thread whose payment line OCR broke): two different
 * ids, and the same id label twice (a reference number has a label of its own) or each id with a date on its own side
 * of the other ("date, id, date, id" or "id, date, id, date"). Its fields may come from another message than the one
 * paid for: they may agree, never disagree.
 */
function mixedMessages(lines: string[]): boolean {
  const ids = new Set<string>();
  const idLabels = new Set<string>();
  let labelTwice = false;
  let marks = '';
  for (const line of lines) {
    for (const label of line.match(TXN_LABEL) ?? []) {
      // One label read twice alike or not ("TxnID", then "TxnlD"): letters OCR confuses count as one.
      const key = label.toLowerCase().replace(/\s/g, '').replace(/[l1|]/g, 'i').replace(/0/g, 'o');
      labelTwice ||= idLabels.has(key);
      idLabels.add(key);
    }
    if (findDate(line.replace(/\d{10,}/g, ' '))) marks += 'D';
    for (const id of longNumbersIn(line)) {
      ids.add(id);
      marks += 'I';
    }
  }
  return ids.size >= 2 && (labelTwice || /D.*I.*D.*I|I.*D.*I.*D/.test(marks));
}

function readLines(lines: string[]): ReceiptReading {
  const status = readStatus(lines);
  const amount = amountOf(lines);
  const transactionId = transactionIdOf(lines);
  const receiver = receiverOf(lines);
  const time = timeOf(lines);
  const unlabelled: ReceiptReading['unlabelled'] = [];
  if (amount.value !== null && !amount.labelled) unlabelled.push('amount');
  if (transactionId.value !== null && !transactionId.labelled) unlabelled.push('transactionId');
  if (receiver.value !== null && !receiver.labelled) unlabelled.push('receiver');
  return {
    amount: amount.value,
    transactionId: transactionId.value,
    time: time.value,
    ...(time.ifMisread.length ? { timeIfMisread: time.ifMisread } : {}),
    receiver: receiver.value,
    status: status.status,
    statusText: status.text,
    unlabelled,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers for the OCR step: when to read amount lines again with the Burmese data (text-reader.ts).

const FEE_LINE = new RegExp(
  String.raw`\bfees?\b|\bcharges?\b|\bcommission\b|\bbalance\b(?!\s+${BALANCE_TRANSFER})|ဝန်ဆောင်ခ|လက်ကျန်|ကော်မရှင်`,
  'i',
);
const has = (re: RegExp, line: string) => re.test(line);
const FEE_LABELS = FEE_LINE;
const CURRENCY_WORD = new RegExp(`(?<![a-z])${CURRENCY_AFTER}(?![a-z])`, 'i');

/** A label's unit in brackets ending a line with no digit ("Amount (MMK)"): the amount is on the next line. */
const UNIT_OF_LABEL = new RegExp(`^[^\\d\u1040-\u1049]*\\(\\s*${CURRENCY}\\s*\\)[\\s.:)]*$`, 'i');

/**
 * The currency word of a line that may carry the amount (it shows a currency and is no fee or balance line, nor a
 * label whose unit it is).
 */
export function amountLineCurrency(line: string): string | null {
  const normalized = normalizeText(line);
  if (has(FEE_LABELS, normalized) || UNIT_OF_LABEL.test(normalized)) return null;
  return normalized.match(CURRENCY_WORD)?.[0] ?? null;
}

/** A line as the OCR gave it: its text, and its words with tesseract's confidence (0–100) when known. */
export type OcrLine = string | { text: string; words?: ReadonlyArray<{ text: string; confidence: number }> };

/**
 * Below this confidence the English data's reading of an amount's number is doubtful. The well-formed Latin number it
 * makes of Burmese digits ("9,000.00" for ၃,၀၀၀.၀၀, "60,000" for ၄၈,၀၀၀) scores 0–75; Latin amounts score 85 and up,
 * 70 and up in photos of a screen.
 */
const AMOUNT_WORD_CONFIDENCE = 80;

/**
 * Whether the English reading of a receipt's amount lines is suspect: one line shows a currency but no amount the
 * text can be read as, the amount lines give different amounts, or an amount's number was read with low confidence.
 * Burmese digits (၀–၉) do that: the English OCR data turns them into letters and signs ("-J9.000 MMK" for ၂၅,၀၀၀)
 * or, worse, into other digits ("9,000 Ks" for ၃,၀၀၀), alone or beside "-3,000.00 Ks". `lines` as the OCR gave them.
 */
export function amountsSuspect(lines: OcrLine[]): boolean {
  const texts = lines.map((l) => (typeof l === 'string' ? l : l.text));
  if (lines.some((l) => typeof l !== 'string' && amountLineCurrency(l.text) !== null && doubtfulAmountNumber(l.words ?? []))) return true;
  const amounts = new Set<number>();
  // As the parser will see them: "Your main balance is" / "2,150 Ks." joined is a balance, not a second amount.
  for (const line of receiptLines(texts.join('\n'))) {
    if (amountLineCurrency(line) === null) continue;
    const here = amountsIn(normalizeText(line).trim());
    if (!here.length) return true;
    here.filter((a) => a > 0).forEach((a) => amounts.add(a));
  }
  return amounts.size > 1;
}

/** The number beside a line's currency word (glued to it, before it, or after it) read with low confidence; a 0 (a fee) never counts. */
function doubtfulAmountNumber(words: ReadonlyArray<{ text: string; confidence: number }>): boolean {
  const number = words[amountNumberIndex(words)];
  if (!number || /^[-+]?0+(?:[.,]0+)?(?:Ks|MMK)?\.?$/i.test(normalizeText(number.text).trim())) return false;
  return number.confidence < AMOUNT_WORD_CONFIDENCE;
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
  const normalized = withOneSeparator(normalizeText(text).trim())
    // "12.500" is printed by some apps for 12,500 (see toAmount); a lone dot before two digits stays the decimals.
    .replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1,');
  const m = normalized.match(LEADING_NUMBER);
  if (!m) return null;
  return `${m[1]}${m[2]}${m[3] ? `.${m[3]}` : ''} ${currency}`;
}

/**
 * A number whose separator the Burmese data doubled or misread: a run of separators before a group of three digits is
 * one thousands separator ("၉,.၉၀၀"), and so is a colon there ("၂၇:၅၀၀": no clock has a group of three); a colon with
 * a stop beside it before two digits is a clock's colon ("၁၀:.၄၉").
 */
export const withOneSeparator = (text: string) =>
  text.replace(/(\d)(?:[,.]{2,}|:)(?=\d{3}(?!\d))/g, '$1,').replace(/(\d)(?::[.,]+|[.,]+:)(?=\d{2}(?!\d))/g, '$1:');

/** The amount written with a currency word in an English-read line: the number (or what OCR made of it) and the word. */
const LINE_AMOUNT = new RegExp(
  `[-+]?\\s?(?:[-+]?\\d{1,2}\\s)?(?=\\S*[\\d§$%&(),.;:/|\\]\\[{}])\\S+\\s?${CURRENCY_AFTER}(?![a-z])|${CURRENCY}\\s?[-+]?\\s?(?=\\S*\\d)\\S+`,
  'i',
);

/**
 * An English-read line with its amount replaced by the Burmese reading of it ("<number> <currency>"), or removed
 * (null): the rest of the line (an SMS sentence's payee and id, a label) stays.
 */
export function replaceLineAmount(line: string, amount: string | null): string {
  return normalizeText(line)
    .replace(LINE_AMOUNT, amount ? ` ${amount} ` : ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether the English reading of a line says something the parser can use: a label, a status word, an amount, a date,
 * a clock, a phone or a long number. A line that says none of these while read with low confidence is likely Burmese
 * script (labels, status words) the English data made debris of, digits included ("Fo4|s32008").
 */
export function readableInEnglish(line: string): boolean {
  const l = normalizeText(line).trim();
  return (
    labelOf(l) !== null ||
    [FAILED, CANCELLED, PENDING, SUCCESS].some((re) => re.test(l)) ||
    amountsIn(l).length > 0 ||
    findDate(l) !== null ||
    findClock(l) !== null ||
    PHONE.test(l) ||
    longNumbersIn(l).length > 0 ||
    /^[A-Za-z][a-z]+(?:\s+[A-Za-z][a-z]+){0,4}$/.test(l)
  );
}

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

/**
 * What the Burmese data made of an amount line: the amount as "<number> <currency>" (or null), and whose digits it
 * saw. Two digits of a script are the line's own; one can be a stray glyph. `mixed`: a number of both scripts, mostly
 * Latin digits ("၂၁0,000" of a Latin 150,000), which no receipt prints. Mostly Burmese ones ("၁၂,၅0၀") are taken
 * for a Burmese number, a ၀ read as a Latin 0.
 */
export type AmountReread = { amount: string | null; burmeseDigits: boolean; latinDigits: boolean; mixed?: boolean };

export function amountReread(text: string, currency: string): AmountReread {
  return {
    amount: burmeseAmountLine(text, currency),
    burmeseDigits: count(text, /[\u1040-\u1049]/g) >= 2,
    latinDigits: count(text, /[0-9]/g) >= 2,
    mixed: text.split(/\s+/).some((word) => /[\u1040-\u1049]/.test(word) && count(word, /[0-9]/g) > count(word, /[\u1040-\u1049]/g)),
  };
}

/**
 * An English-read amount line after its Burmese re-read. When the re-read amounts agree (and keep the English
 * reading's thousands groups), the Burmese number stands in for the English one. Otherwise the English number stays
 * only when the Burmese data saw no Burmese digits in it, and either the English data read it with confidence or the
 * Burmese data saw Latin digits there too. The English data turns ၃,၀၀၀ into a well-formed "9,000" (at low
 * confidence), and the Burmese data often reads a word of an SMS sentence as no digits at all. The rest of the line
 * (an SMS sentence's payee and id) is kept either way.
 */
export function amountLineAfterReread(line: OcrLine, reread: AmountReread, agreed: boolean): string {
  const english = (typeof line === 'string' ? line : line.text).replace(/\n$/, '');
  const doubtful = typeof line !== 'string' && doubtfulAmountNumber(line.words ?? []);
  // Latin digits read with confidence stay when the Burmese data read the number mostly in Latin digits too, with some
  // of its own ("၂၁0,000" of 150,000).
  if (reread.mixed && !doubtful && readAmount([english]) !== null) return english;
  if (agreed && reread.amount && rereadFits(english, reread.amount)) {
    // Latin digits the Burmese data read too are a second opinion, never a correction: the English data reads them
    // better. Where the two differ, the English number stays, or goes when it was read with doubt.
    const englishValue = readAmount([english]);
    if (reread.burmeseDigits || englishValue === null || englishValue === readAmount([reread.amount])) {
      return replaceLineAmount(english, reread.amount);
    }
    return doubtful ? replaceLineAmount(english, null) : english;
  }
  return reread.burmeseDigits || (doubtful && !reread.latinDigits) ? replaceLineAmount(english, null) : english;
}

/**
 * Whether a Burmese re-read fits the English reading of the same number. The English data misreads Burmese digits but
 * keeps their separators and never makes more digits (or letters standing for them) than there are ("9,000" for
 * ၃,၀၀၀, "J9,000" for ၂၅,၀၀၀). A Burmese reading that lost a separator ("485" of ၄၈,၀၀၀, "2190" of 2,150) or has
 * fewer digits than the English one shows ("2,500" beside "-2 J,§00" for ၁၂,၅၀၀) lost digits: another number. An
 * English reading with no separator decides nothing about the groups.
 */
function rereadFits(english: string, burmese: string): boolean {
  const number = (text: string) => normalizeText(text).match(LINE_AMOUNT)?.[0].replace(new RegExp(CURRENCY_AFTER, 'i'), '').trim();
  const groups = (n: string) => n.replace(/[.,]\d{2}$/, '').split(/[,.]/).length;
  // A digit, or a letter or § the English data made of one.
  const digits = (n: string) => n.replace(/[.,]\d{2}$/, '').replace(/[^0-9A-Za-z§]/g, '').length;
  const before = number(english);
  const after = number(burmese);
  if (!before || !after) return true;
  return digits(before) <= digits(after) && (groups(before) === 1 || groups(before) === groups(after));
}

/** A number as an amount is printed: no leading zero, thousands groups or none, cents. */
const AMOUNT_SHAPE = /^[-+]?(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)(?:\.\d{2})?[.,]?$/;

/**
 * Which of a line's words holds its amount's number, or -1: the currency word itself when digits are glued to it, else
 * the word beside it with digits. Before it ("5,500 Ks") unless only the word after has digits ("MMK 5,500"), or the
 * word after is shaped as an amount and read with more confidence than the one before, or the one before is not
 * shaped as one: in "… ထံသို့ MMK 12,000" the Burmese word before the currency reads as debris digits ("0523").
 */
export function amountNumberIndex(words: ReadonlyArray<{ text: string; confidence: number }>): number {
  const at = words.findIndex((w) => isCurrencyWord(w.text));
  if (at < 0) return -1;
  if (/\d/.test(words[at]!.text)) return at;
  const before = words[at - 1];
  const after = words[at + 1];
  const hasDigits = (w: { text: string } | undefined) => w !== undefined && /\d/.test(w.text);
  if (!hasDigits(after)) return hasDigits(before) ? at - 1 : -1;
  if (!hasDigits(before)) return at + 1;
  const shaped = (w: { text: string }) => AMOUNT_SHAPE.test(normalizeText(w.text).trim());
  const afterWins = shaped(after!) && (!shaped(before!) || after!.confidence > before!.confidence);
  return afterWins ? at + 1 : at - 1;
}

/** A word that is (or ends with) a currency word: "Ks", "MMK.", "Kyats", "ကျပ်", "5,500Ks". */
export function isCurrencyWord(word: string): boolean {
  return new RegExp(`(?:^|\\d)${CURRENCY_AFTER}[.,]?$`, 'i').test(normalizeText(word).trim());
}
