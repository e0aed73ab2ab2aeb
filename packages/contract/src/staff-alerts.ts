// Staff alerts through Web Push: devices (the browser's PushSubscription), what each person wants to hear about
// and when not, and the owners' setting of when an order counts as about to break the delivery promise.
import { z } from 'zod';
import { MSG } from './messages.ts';

/** unmatchedPayment: a wallet notice of money in that no order could take (none, or only several candidates). */
/** lowStock: a code package's available codes fell below its threshold; to owners, no preference (the threshold is the switch). */
export const ALERT_KINDS = ['newOrder', 'lateOrder', 'checkProblem', 'unmatchedPayment', 'lowStock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Limits of what a browser hands over; real subscriptions are far inside them. */
export const PUSH_LIMITS = { endpoint: 2048, label: 120, devicesPerPerson: 20 } as const;

/** Characters of `bytes` bytes in base64 without padding. */
const base64Length = (bytes: number) => Math.ceil((bytes * 8) / 6);

/** Base64url without padding (what PushSubscription.toJSON gives); standard base64 and padding are accepted too. */
const base64url = (bytes: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(200, message)
    .transform((s) => s.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
    .refine((s) => /^[A-Za-z0-9_-]+$/.test(s) && s.length === base64Length(bytes), message);

/** The browser's PushSubscription JSON as it comes (expirationTime is ignored), plus an optional device name. */
export const PushSubscriptionBody = z.object({
  endpoint: z.string({ message: MSG.pushEndpointInvalid }).trim().max(PUSH_LIMITS.endpoint, MSG.pushEndpointInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The device's P-256 public key, uncompressed (65 bytes, the first 0x04: base64 'B'). */
      p256dh: base64url(65, MSG.pushKeyInvalid).refine((s) => s.startsWith('B'), MSG.pushKeyInvalid),
      /** The device's authentication secret (16 bytes). */
      auth: base64url(16, MSG.pushAuthInvalid),
    },
    { message: MSG.pushKeyInvalid },
  ),
  /** What the person calls this device in the list (the dashboard sends the browser and system). */
  label: z.string().trim().max(PUSH_LIMITS.label, MSG.tooLong(PUSH_LIMITS.label)).optional(),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.object({
  endpoint: z
    .string({ message: MSG.pushEndpointInvalid })
    .trim()
    .min(1, MSG.pushEndpointInvalid)
    .max(PUSH_LIMITS.endpoint, MSG.pushEndpointInvalid),
});
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const VapidPublicKeyDto = z.object({ publicKey: z.string() });
export type VapidPublicKeyDto = z.infer<typeof VapidPublicKeyDto>;

export const PushDeviceDto = z.object({
  id: z.string(),
  label: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, …): never the whole endpoint. */
  service: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushDeviceDto = z.infer<typeof PushDeviceDto>;

/** "HH:MM", 24-hour clock, in the shop's time zone. */
const clock = z.string({ message: MSG.quietHoursInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.quietHoursInvalid);

export const AlertPreferencesDto = z.object({
  newOrder: z.boolean(),
  lateOrder: z.boolean(),
  checkProblem: z.boolean(),
  unmatchedPayment: z.boolean(),
  /** No alerts from `start` to `end` (may cross midnight), shop time; null: none. */
  quietHours: z.object({ start: clock, end: clock }).nullable(),
});
export type AlertPreferencesDto = z.infer<typeof AlertPreferencesDto>;

export const AlertPreferencesBody = z
  .object({
    newOrder: z.boolean({ message: MSG.mustBeType('boolean') }),
    lateOrder: z.boolean({ message: MSG.mustBeType('boolean') }),
    checkProblem: z.boolean({ message: MSG.mustBeType('boolean') }),
    /** Optional for clients that predate it: left out, the saved choice (or the default) stays. */
    unmatchedPayment: z.boolean({ message: MSG.mustBeType('boolean') }).optional(),
    quietHours: z.object({ start: clock, end: clock }).nullable(),
  })
  .refine((b) => !b.quietHours || b.quietHours.start !== b.quietHours.end, { message: MSG.quietHoursInvalid, path: ['quietHours'] });
export type AlertPreferencesBody = z.infer<typeof AlertPreferencesBody>;

export const DEFAULT_ALERT_PREFERENCES: AlertPreferencesDto = {
  newOrder: true,
  lateOrder: true,
  checkProblem: true,
  unmatchedPayment: true,
  quietHours: null,
};

/** Owners: an order not yet taken is "about to be late" once this share (percent) of the delivery promise has passed. */
export const ShopAlertSettingsDto = z.object({ lateAtPercent: z.number().int() });
export type ShopAlertSettingsDto = z.infer<typeof ShopAlertSettingsDto>;
export const ShopAlertSettingsBody = z.object({
  lateAtPercent: z.number({ message: MSG.lateAtPercent }).int(MSG.lateAtPercent).min(10, MSG.lateAtPercent).max(100, MSG.lateAtPercent),
});
export type ShopAlertSettingsBody = z.infer<typeof ShopAlertSettingsBody>;
export const DEFAULT_LATE_AT_PERCENT = 67;

/** What the service worker receives (JSON, encrypted for the device): texts already in the person's language. */
export const AlertPayload = z.object({
  kind: z.enum(ALERT_KINDS),
  /** The order alerted about; for unmatchedPayment, the payment notice's id; for lowStock, the package's id. */
  orderId: z.string(),
  title: z.string(),
  body: z.string(),
  /** The dashboard page that opens the order (the payments page for unmatchedPayment). */
  url: z.string(),
  /** One notification per order and kind on the device: a later one replaces it. */
  tag: z.string(),
});
export type AlertPayload = z.infer<typeof AlertPayload>;
