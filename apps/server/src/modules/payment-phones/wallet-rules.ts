// What tells the wallets' messages apart, as data: one small set per wallet (how it names itself, the labels its
// messages put before a transaction id), and the words that say which way money went, in English and Burmese.
// The parser (notice-parser.ts) is generic; a new wallet or a changed wording is an edit here plus fixtures.
import type { NoticeKind, Wallet } from '@topup/contract/payment-phones';

export type WalletRule = {
  wallet: Wallet;
  /** How the wallet names itself in the sender field or the text (matched case- and space-insensitively). */
  names: readonly string[];
  /** Labels before the transaction id, beyond the common ones. */
  txnLabels?: readonly string[];
};

export const WALLET_RULES: readonly WalletRule[] = [
  { wallet: 'kbzpay', names: ['kbzpay', 'kbz pay', 'kbz'], txnLabels: ['trans id', 'transaction id'] },
  { wallet: 'wavepay', names: ['wavepay', 'wave pay', 'wave money', 'wavemoney'], txnLabels: ['txnid', 'txn id'] },
  { wallet: 'ayapay', names: ['ayapay', 'aya pay', 'aya'], txnLabels: ['ref no', 'ref'] },
  { wallet: 'cbpay', names: ['cbpay', 'cb pay', 'cb bank'], txnLabels: ['transaction no'] },
  { wallet: 'uabpay', names: ['uabpay', 'uab pay', 'uab'], txnLabels: ['txn id'] },
  { wallet: 'onepay', names: ['onepay', 'one pay'], txnLabels: ['transaction id'] },
  { wallet: 'mpt', names: ['mpt', 'mpt money'], txnLabels: ['transaction id'] },
  { wallet: 'atom', names: ['atom', 'telenor'], txnLabels: ['ref'] },
  { wallet: 'ooredoo', names: ['ooredoo'], txnLabels: ['tid'] },
  { wallet: 'mytel', names: ['mytel'], txnLabels: ['tid'] },
];

/** Labels any wallet may put before a transaction id (English and Burmese). */
export const COMMON_TXN_LABELS: readonly string[] = [
  'transaction id',
  'transaction no',
  'transaction number',
  'trans id',
  'trans no',
  'txn id',
  'txnid',
  'txn no',
  'tid',
  'ref no',
  'reference no',
  'reference',
  'ref',
  'ငွေလွှဲအမှတ်',
  'ငွေလွှဲနံပါတ်',
  'လုပ်ငန်းစဉ်အမှတ်',
  'လုပ်ဆောင်မှုအမှတ်',
  'ငွေလွှဲ ID',
];

/**
 * Which way money went, tried in this order: a message that says OTP is an OTP even when it names an amount;
 * "sent/paid to" before "received", because an outgoing receipt may say "the receiver received".
 */
export const KIND_RULES: ReadonlyArray<{ kind: NoticeKind; patterns: readonly RegExp[] }> = [
  {
    kind: 'otp',
    patterns: [/\bOTP\b/i, /one[- ]time (pass(word)?|code)/i, /verification code/i, /အတည်ပြုကုဒ်/, /\bPIN\b.*\bcode\b/i],
  },
  {
    kind: 'outgoing',
    patterns: [
      /\b(successfully )?(transferred|sent|paid|transfer(red)?|payment)\s+(of\s+)?[\w\s,.]*\bto\b/i,
      /\byou have (paid|sent|transferred)\b/i,
      /\bcash ?out\b/i,
      /\bwithdraw(al|n)?\b/i,
      /သို့\s*(ငွေ)?\s*(လွှဲ|ပေးပို့|ပေးချေ)/,
      /ငွေထုတ်/,
    ],
  },
  {
    kind: 'incoming',
    patterns: [
      /\breceived?\b/i,
      /\bcredited\b/i,
      /\bmoney in\b/i,
      /\bfund(s)? (received|in)\b/i,
      /\bcash ?in\b/i,
      /\bsent you\b/i,
      /\b(you('ve| have)) got\b/i,
      /\bbalance transfer\b.*\bfrom\b/i,
      /လက်ခံ(ရရှိ)?/,
      /ငွေဝင်|ဝင်ရောက်/,
      /(ထံမှ|မှ)\s*.*(လွှဲပေး|ပေးပို့)/,
    ],
  },
  {
    kind: 'promotion',
    patterns: [
      /\bpromo(tion)?\b/i,
      /\boffer\b/i,
      /\bcashback\b/i,
      /\bdiscount\b/i,
      /\blucky draw\b/i,
      /\btop ?up now\b/i,
      /\b\d+x data\b/i,
      /ပရိုမိုးရှင်း|လျှော့စျေး|ကံစမ်း/,
    ],
  },
  { kind: 'balance', patterns: [/\bbalance\b/i, /လက်ကျန်/] },
];

/** Words before an amount that make it not the payment: the balance after it, a fee. */
export const NOT_THE_AMOUNT = /(balance|bal\.?|fee|charges?|commission|လက်ကျန်(ငွေ)?|ဝန်ဆောင်ခ)\s*[:：\-–]?\s*(is\s+)?$/i;

/** Labels before the sender's name or number. */
export const SENDER_LABELS: readonly string[] = ['from agent', 'from', 'sender', 'ပေးပို့သူ၏ဖုန်း', 'ပေးပို့သူ'];
