// Payment accounts shown in the buyer's confirm dialog (the API's ConfigSetting); at most 4. An owner pauses one
// (isActive false, e.g. when a wallet hits its daily limit) and buyers stop seeing it.
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { MSG } from './messages.ts';
import { DEFAULT_PAYMENT_METHOD, ORDER_INDEX_MAX, PAYMENT_METHODS, TEXT_LIMITS } from './limits.ts';

export const PaymentAccountDto = z.object({
  id: z.string(),
  paymentName: z.string(),
  phone: z.string(),
  orderIndex: z.number().int(),
  logo: z.string().nullable(),
  isActive: z.boolean(),
  /** The account holder's name as the wallet shows it; null when the owner has not given one. */
  holderName: z.string().nullable(),
  /** Which payment method this account is for: a buyer paying by phone bill sees only PHONEBILL accounts. */
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type PaymentAccountDto = z.infer<typeof PaymentAccountDto>;

/** Multipart text fields of create and update; the image comes as file_Logo. */
export const PaymentAccountForm = z.object({
  paymentName: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.paymentName, MSG.tooLong(TEXT_LIMITS.paymentName)),
  phone: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.phone, MSG.tooLong(TEXT_LIMITS.phone)),
  orderIndex: z.coerce.number().int().min(0).max(ORDER_INDEX_MAX).optional(),
  logo: z.string().optional(),
  /** Absent: active on create, unchanged on update. */
  isActive: FormBoolean.optional(),
  /** Absent or blank: no name (on update too: the form always sends what the owner sees). */
  holderName: z.string().trim().max(TEXT_LIMITS.holderName, MSG.tooLong(TEXT_LIMITS.holderName)).optional(),
  /** Case and spaces ignored; absent or blank: NORMAL. */
  paymentMethod: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.enum(PAYMENT_METHODS, { message: MSG.mustBeOneOf(PAYMENT_METHODS) }).default(DEFAULT_PAYMENT_METHOD),
  ),
});

export const PAYMENT_ACCOUNT_MSG = { lastActive: MSG.lastActivePaymentAccount, noneActive: MSG.noActivePaymentAccount } as const;
export type PaymentAccountForm = z.infer<typeof PaymentAccountForm>;
