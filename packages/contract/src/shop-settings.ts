// The shop's identity, edited by owners and shown everywhere: storefront header and footer, mails, status pages.
// Empty link or phone fields mean "not shown".
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { MSG } from './messages.ts';
import { DEFAULT_SHOP_SETTINGS as FIRST_RUN_SETTINGS, SHOP_SETTINGS_LIMITS } from './shop-settings-defaults.ts';

export { SHOP_SETTINGS_LIMITS };

export const DEFAULT_TIME_ZONE = 'Asia/Yangon';
export const DEFAULT_DELIVERY_MINUTES = 3;

export const ShopSettingsDto = z.object({
  shopName: z.string(),
  /** Image URL, or null for the built-in logo. */
  logo: z.string().nullable(),
  contactEmail: z.string(),
  phone: z.string(),
  telegramUrl: z.string(),
  viberUrl: z.string(),
  facebookUrl: z.string(),
  copyrightHolder: z.string(),
  /** IANA time zone in which the shop shows times (Asia/Yangon). */
  timeZone: z.string(),
  /** Minutes within which an order is promised (3). */
  deliveryMinutes: z.number().int(),
});
export type ShopSettingsDto = z.infer<typeof ShopSettingsDto>;
/** The first-run values (shop-settings-defaults.ts), held to the contract's shape here. */
export const DEFAULT_SHOP_SETTINGS: ShopSettingsDto = FIRST_RUN_SETTINGS;

export const SETTINGS_MSG = {
  invalidLink: MSG.invalidLink,
  invalidTimeZone: MSG.invalidTimeZone,
  deliveryMinutes: MSG.deliveryMinutes,
} as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, MSG.tooLong(max));
const requiredText = (max: number) => text(max).min(1, MSG.required);
/** A link a buyer can open safely: https (or http), or the app's own scheme; never javascript: or data:. */
const link = (schemes: RegExp) =>
  text(SHOP_SETTINGS_LIMITS.link).refine((s) => s === '' || (URL.canParse(s) && schemes.test(s)), SETTINGS_MSG.invalidLink);

/** Multipart text fields of PUT /api/v1/ShopSettings; a new logo comes as file_Logo, `removeLogo=True` goes back to the built-in one. */
export const ShopSettingsForm = z.object({
  shopName: requiredText(SHOP_SETTINGS_LIMITS.shopName),
  contactEmail: text(SHOP_SETTINGS_LIMITS.contactEmail)
    .toLowerCase()
    .refine((s) => s === '' || z.email().safeParse(s).success, MSG.invalidEmail),
  phone: text(SHOP_SETTINGS_LIMITS.phone).refine((s) => s === '' || /^\+?[0-9 ()-]{5,}$/.test(s), MSG.invalidPhone),
  telegramUrl: link(/^(https?:\/\/|tg:)/i),
  viberUrl: link(/^(https?:\/\/|viber:)/i),
  facebookUrl: link(/^https?:\/\//i),
  copyrightHolder: requiredText(SHOP_SETTINGS_LIMITS.copyrightHolder),
  timeZone: requiredText(SHOP_SETTINGS_LIMITS.timeZone).refine(isTimeZone, SETTINGS_MSG.invalidTimeZone),
  deliveryMinutes: z.coerce
    .number({ error: SETTINGS_MSG.deliveryMinutes })
    .int(SETTINGS_MSG.deliveryMinutes)
    .min(1, SETTINGS_MSG.deliveryMinutes)
    .max(SHOP_SETTINGS_LIMITS.deliveryMinutesMax, SETTINGS_MSG.deliveryMinutes),
  removeLogo: FormBoolean.default(false),
  logo: z.string().optional(),
});
export type ShopSettingsForm = z.infer<typeof ShopSettingsForm>;

/** Owner-only security settings. */
export const SecuritySettingsDto = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettingsDto = z.infer<typeof SecuritySettingsDto>;
export const SecuritySettingsBody = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettingsBody = z.infer<typeof SecuritySettingsBody>;
