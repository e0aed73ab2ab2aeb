// Payment phones: the shop's Android phones that forward each "money received" message of its wallets to a webhook,
// the notices they send, and what reading and matching made of them. Owners register phones; staff see notices.
import { z } from 'zod';
import { MSG } from './messages.ts';
import { NOTICE_STATES, ORDER_PAYMENT_STATES, PAYMENT_PHONE_LIMITS } from './payment-phone-states.ts';

export * from './payment-phone-states.ts';

export const PaymentPhoneForm = z.object({
  name: z.string().trim().min(1, MSG.required).max(PAYMENT_PHONE_LIMITS.name, MSG.tooLong(PAYMENT_PHONE_LIMITS.name)),
  paymentAccountIds: z
    .array(z.uuid({ message: MSG.paymentPhoneAccountUnknown }))
    .min(1, MSG.paymentPhoneAccountRequired)
    .max(PAYMENT_PHONE_LIMITS.accounts, MSG.paymentPhoneAccountRequired),
  /** Pasted from the app; absent: the server makes one. Printable ASCII, no spaces (it is typed into an app). */
  signingKey: z
    .string()
    .trim()
    .min(PAYMENT_PHONE_LIMITS.keyMin, MSG.tooShort(PAYMENT_PHONE_LIMITS.keyMin))
    .max(PAYMENT_PHONE_LIMITS.keyMax, MSG.tooLong(PAYMENT_PHONE_LIMITS.keyMax))
    .regex(/^[\x21-\x7e]+$/, MSG.paymentPhoneKeyCharacters)
    .optional(),
});
export type PaymentPhoneForm = z.infer<typeof PaymentPhoneForm>;

/**
 * The answer to registering a phone: the only time the URL and the key are shown; `qrCodes` carry each as an SVG data
 * URL, to be scanned into the phone rather than typed.
 */
export const PaymentPhoneCreatedDto = z.object({
  id: z.string(),
  webhookUrl: z.string(),
  signingKey: z.string(),
  qrCodes: z.object({ webhookUrl: z.string(), signingKey: z.string() }),
});
export type PaymentPhoneCreatedDto = z.infer<typeof PaymentPhoneCreatedDto>;

export const PaymentPhoneDto = z.object({
  id: z.string(),
  name: z.string(),
  paymentAccountIds: z.array(z.string()),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastNoticeAt: z.string().nullable(),
});
export type PaymentPhoneDto = z.infer<typeof PaymentPhoneDto>;

/** SMS Gateway for Android's webhook, as its documentation defines it (only sms:received is taken). */
export const SmsGatewayWebhook = z.object({
  deviceId: z.string().max(128).optional(),
  event: z.string().max(40),
  id: z.string().min(1).max(100),
  payload: z.object({
    messageId: z.string().max(128).optional(),
    message: z.string().max(PAYMENT_PHONE_LIMITS.text),
    phoneNumber: z.string().max(128).nullable().optional(),
    simNumber: z.number().int().nullable().optional(),
    receivedAt: z.string().max(40).nullable().optional(),
  }),
  webhookId: z.string().max(128).optional(),
});
export type SmsGatewayWebhook = z.infer<typeof SmsGatewayWebhook>;

/** A generic forwarder's post (JSON or form): the message, who sent it, when the phone got it. */
export const GenericNotice = z.object({
  text: z.string().trim().min(1, MSG.required).max(PAYMENT_PHONE_LIMITS.text, MSG.tooLong(PAYMENT_PHONE_LIMITS.text)),
  from: z.string().trim().max(128, MSG.tooLong(128)).optional(),
  receivedAt: z.string().trim().max(40, MSG.tooLong(40)).optional(),
});
export type GenericNotice = z.infer<typeof GenericNotice>;

export const NoticeState = z.enum(NOTICE_STATES);
export type NoticeState = z.infer<typeof NoticeState>;

export const NoticeCandidate = z.object({
  orderId: z.string(),
  code: z.string().nullable(),
  subTotal: z.number(),
  transactionNumber: z.string(),
  createdAt: z.string(),
});
export type NoticeCandidate = z.infer<typeof NoticeCandidate>;

export const PaymentNoticeDto = z.object({
  id: z.string(),
  phoneId: z.string(),
  phoneName: z.string().nullable(),
  sender: z.string().nullable(),
  text: z.string(),
  receivedAt: z.string().nullable(),
  takenAt: z.string(),
  state: NoticeState,
  wallet: z.string().nullable(),
  kind: z.string().nullable(),
  amount: z.number().nullable(),
  transactionId: z.string().nullable(),
  payer: z.string().nullable(),
  orderId: z.string().nullable(),
  orderCode: z.string().nullable(),
  matchedAt: z.string().nullable(),
  matchedBy: z.string().nullable(),
  candidates: z.array(NoticeCandidate),
});
export type PaymentNoticeDto = z.infer<typeof PaymentNoticeDto>;

export const PaymentNoticeListQuery = z.object({
  state: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined), NoticeState.optional()),
  orderId: z.uuid().optional(),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type PaymentNoticeListQuery = z.infer<typeof PaymentNoticeListQuery>;

export const AttachNoticeForm = z.object({ orderId: z.uuid({ message: MSG.paymentNoticeOrderUnknown }) });
export type AttachNoticeForm = z.infer<typeof AttachNoticeForm>;

/** An order's payment as the shop's own wallet told it (ORDER_PAYMENT_STATES), and the notice that says so. */
export const OrderPaymentDto = z.object({
  orderId: z.string(),
  state: z.enum(ORDER_PAYMENT_STATES),
  notice: PaymentNoticeDto.nullable(),
});
export type OrderPaymentDto = z.infer<typeof OrderPaymentDto>;

/** Pushed on the hub when a notice is taken or decided (realtime, `HUB.events.payment`). */
export const PaymentNoticeEvent = z.object({ notice: PaymentNoticeDto });
export type PaymentNoticeEvent = z.infer<typeof PaymentNoticeEvent>;

export const PAYMENT_PHONE_MSG = {
  accountRequired: MSG.paymentPhoneAccountRequired,
  accountUnknown: MSG.paymentPhoneAccountUnknown,
  keyCharacters: MSG.paymentPhoneKeyCharacters,
  badSignature: MSG.paymentPhoneBadSignature,
  staleTimestamp: MSG.paymentPhoneStaleTimestamp,
  notFromSession: MSG.paymentPhoneNotFromSession,
  taken: MSG.paymentNoticeTaken,
  orderUnknown: MSG.paymentNoticeOrderUnknown,
  alreadyMatched: MSG.paymentNoticeAlreadyMatched,
  orderAlreadyPaid: MSG.paymentNoticeOrderAlreadyPaid,
  notMoneyIn: MSG.paymentNoticeNotMoneyIn,
  attached: MSG.paymentNoticeAttached,
  revoked: MSG.paymentPhoneRevoked,
  badBody: MSG.paymentPhoneBadBody,
} as const;
