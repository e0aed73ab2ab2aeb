// Payment accounts shown in the buyer's confirm dialog (the API's ConfigSetting); at most 4. An owner pauses one
// (isActive false, e.g. when a wallet hits its daily limit) and buyers stop seeing it.
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { MSG } from './messages.ts';
import { ORDER_INDEX_MAX, PAYMENT_METHODS, TEXT_LIMITS } from './limits.ts';

export const ConfigSettingDto = z.object({
  id: z.string(),
  paymentName: z.string(),
  phone: z.string(),
  orderIndex: z.number().int(),
  logo: z.string().nullable(),
  isActive: z.boolean(),
  /** Whose name the buyer sees on the account, so they know the transfer goes to the right person. */
  holderName: z.string().nullable(),
  /** Which payment method this account is for: a wallet (NORMAL) or a phone-bill top-up (PHONEBILL). */
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type ConfigSettingDto = z.infer<typeof ConfigSettingDto>;

/** Multipart text fields of create and update; the image comes as file_Logo. */
export const ConfigSettingForm = z.object({
  paymentName: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.paymentName, MSG.tooLong(TEXT_LIMITS.paymentName)),
  phone: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.phone, MSG.tooLong(TEXT_LIMITS.phone)),
  orderIndex: z.coerce.number().int().min(0).max(ORDER_INDEX_MAX).optional(),
  logo: z.string().optional(),
  /** Absent: active on create, unchanged on update. */
  isActive: FormBoolean.optional(),
  holderName: z.string().trim().max(TEXT_LIMITS.paymentName, MSG.tooLong(TEXT_LIMITS.paymentName)).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: MSG.mustBeOneOf(PAYMENT_METHODS) }).optional(),
});

export const PAYMENT_ACCOUNT_MSG = { lastActive: MSG.lastActivePaymentAccount, noneActive: MSG.noActivePaymentAccount } as const;
export type ConfigSettingForm = z.infer<typeof ConfigSettingForm>;
