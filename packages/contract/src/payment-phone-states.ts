// Limits, wallets and notice states of payment phones, apart from the schemas: the web app imports these values
// without the server's message catalogue (which the schemas' messages would bring along).

export const PAYMENT_PHONE_LIMITS = {
  name: 60,
  /** A phone receives for at least one of the shop's payment accounts (at most 4 exist). */
  accounts: 4,
  keyMin: 16,
  keyMax: 128,
  /** A notice's message text; longer posts are refused (wallet SMS are a few hundred characters). */
  text: 4000,
  /** The app signs with a unix time; one further off than this is refused (a replay or a badly wrong clock). */
  clockSkewSeconds: 300,
} as const;

/**
 * An order's payment as the shop's own wallet told it: received (by which phone, when), not yet received, or a
 * notice naming this order's number with another amount.
 */
export const ORDER_PAYMENT_STATES = ['received', 'not_received', 'amount_differs'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** Header of a generic forwarder's post carrying the phone's signing key (the SMS Gateway app signs instead). */
export const PHONE_KEY_HEADER = 'x-phone-key';

export const WALLETS = ['kbzpay', 'wavepay', 'ayapay', 'cbpay', 'uabpay', 'onepay', 'mpt', 'atom', 'ooredoo', 'mytel'] as const;
export type Wallet = (typeof WALLETS)[number];

/** What a message is: money in is matched; the rest is kept and shown, never matched. */
export const NOTICE_KINDS = ['incoming', 'outgoing', 'balance', 'otp', 'promotion'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * new: stored, not read yet; unread: no rule reads it (staff read it themselves); ignored: not money in;
 * waiting: money in, no order yet (matched when one comes); candidates: several orders could be it, staff choose;
 * amount_differs: its transaction number names an order of another total; matched: it paid for `orderId`.
 */
export const NOTICE_STATES = ['new', 'unread', 'ignored', 'waiting', 'candidates', 'amount_differs', 'matched'] as const;
