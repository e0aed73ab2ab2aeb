// Orders that complete themselves: when a payment phone's wallet notice confirms an order of a package set to
// AUTO_ON_PAYMENT (code-stock.ts PackageDeliveryDto.deliveryMode), the shop completes it at once, within the owners'
// guardrails. A screenshot verdict alone never completes an order. An order a guardrail holds waits for staff as
// always, with an AUTO_HELD timeline entry saying why.
//
// Routes (owner; GET also staff):
// - GET  /api/v1/AutoDelivery/Settings    envelope(AutoDeliverySettingsDto)                                   staff
// - PUT  /api/v1/AutoDelivery/Settings    JSON AutoDeliverySettingsBody → envelope(AutoDeliverySettingsDto)
// - PUT  /api/v1/AutoDelivery/Pause       JSON AutoDeliveryPauseBody → envelope(AutoDeliverySettingsDto): the one switch
//
// Timeline (workbench.ts OrderEventDto): an automatic completion is a STATUS_CHANGED with actor null ("the shop
// (automatic)") and `automatic` naming the notice that allowed it; codes handed over are a CODES_DELIVERED entry
// (how many, never which); a held order gets AUTO_HELD with its reasons.
import { z } from 'zod';
import { MSG } from './messages.ts';

/** Why an automatic completion did not happen; the order waits for staff. */
export const AUTO_HOLD_REASONS = [
  'paused',
  'overOrderAmount',
  'overPhoneDaily',
  'overDailyTotal',
  'duplicate',
  'amountDiffers',
  'outOfStock',
] as const;
export type AutoHoldReason = (typeof AUTO_HOLD_REASONS)[number];

export const AUTO_DELIVERY_LIMITS = { amountMax: 100_000_000, countMax: 100_000 } as const;

export const AutoDeliverySettingsDto = z.object({
  /** True: nothing completes automatically until an owner switches it back. */
  paused: z.boolean(),
  /** An order above this amount (its currency's units) waits for staff; null: no limit. */
  maxOrderAmount: z.number().nullable(),
  /** More automatic completions than this for one buyer phone in one shop day wait for staff; null: no limit. */
  maxPerPhonePerDay: z.number().int().nullable(),
  /** More automatic completions than this in one shop day (the shop's time zone) wait for staff; null: no limit. */
  maxPerDay: z.number().int().nullable(),
  /** Automatic completions so far today (shop day). */
  completedToday: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AutoDeliverySettingsDto = z.infer<typeof AutoDeliverySettingsDto>;

const limit = (max: number, int: boolean) => {
  const n = z.number({ message: MSG.mustBeNumber }).min(0, MSG.mustNotBeNegative).max(max, MSG.numberTooBig(max));
  return (int ? n.int(MSG.mustBeWholeNumber) : n).nullable();
};

export const AutoDeliverySettingsBody = z.object({
  paused: z.boolean({ message: MSG.mustBeType('boolean') }),
  maxOrderAmount: limit(AUTO_DELIVERY_LIMITS.amountMax, false),
  maxPerPhonePerDay: limit(AUTO_DELIVERY_LIMITS.countMax, true),
  maxPerDay: limit(AUTO_DELIVERY_LIMITS.countMax, true),
});
export type AutoDeliverySettingsBody = z.infer<typeof AutoDeliverySettingsBody>;

export const AutoDeliveryPauseBody = z.object({ paused: z.boolean({ message: MSG.mustBeType('boolean') }) });
export type AutoDeliveryPauseBody = z.infer<typeof AutoDeliveryPauseBody>;

/** A fresh shop's guardrails: paused off, but every limit set, so nothing large goes out unseen. */
export const DEFAULT_AUTO_DELIVERY = { paused: false, maxOrderAmount: 100_000, maxPerPhonePerDay: 5, maxPerDay: 200 } as const;

/** What the notice that allowed an automatic completion said (timeline STATUS_CHANGED `automatic`). */
export const AutomaticCompletion = z.object({
  noticeId: z.string(),
  phoneName: z.string().nullable(),
  amount: z.number().nullable(),
  transactionId: z.string().nullable(),
});
export type AutomaticCompletion = z.infer<typeof AutomaticCompletion>;

export const AUTO_DELIVERY_MSG = {
  saved: MSG.autoDeliverySaved,
  paused: MSG.autoDeliveryPaused,
  resumed: MSG.autoDeliveryResumed,
} as const;
