// The dashboard's numbers: pending work and orders/revenue per day (GET /api/v1/Order/summary), and the SLA clock,
// how fast orders are completed (GET /api/v1/Order/Sla, envelope(SlaDto)); both staff only.
import { z } from 'zod';

/** Days are the admin's local days: the client sends its offset from UTC in minutes (Date#getTimezoneOffset). */
export const OrderSummaryQuery = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).catch(0).default(0),
});
export type OrderSummaryQuery = z.infer<typeof OrderSummaryQuery>;

export const CurrencyAmount = z.object({ currency: z.string(), amount: z.number() });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

export const OrderSummaryDay = z.object({
  /** The local day as YYYY-MM-DD. */
  date: z.string(),
  orders: z.number().int(),
  completed: z.number().int(),
  /** Sum of sub totals of the day's COMPLETED orders, per currency. */
  revenue: z.array(CurrencyAmount),
});
export type OrderSummaryDay = z.infer<typeof OrderSummaryDay>;

export const OrderSummaryDto = z.object({
  pendingCount: z.number().int(),
  /** createdAt of the oldest PENDING order, or null when none waits. */
  oldestPendingAt: z.string().nullable(),
  unreadCount: z.number().int(),
  today: OrderSummaryDay,
  /** The last 14 local days, oldest first, today last. */
  days: z.array(OrderSummaryDay),
});
export type OrderSummaryDto = z.infer<typeof OrderSummaryDto>;

/**
 * Placed → first completion, for orders first completed in the period (the shop's days in its time zone).
 * `late`: those completed after the promise, plus orders placed in the period that are still PENDING and already
 * past it (a waiting order is late before anyone completes it). `withinTargetShare` (0..1) is the completed within
 * the promise out of the completed plus those late pending ones; null when there are neither. Median and p90 are of
 * completed orders only (null when none). Per staff member, `late` counts only what they completed.
 */
export const SlaFigures = z.object({
  completed: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  withinTargetShare: z.number().nullable(),
  late: z.number().int(),
});
export type SlaFigures = z.infer<typeof SlaFigures>;

export const SLA_DAYS = 14;

export const SlaDto = z.object({
  /** The promise, from shop settings (deliveryMinutes). */
  targetMinutes: z.number().int(),
  timeZone: z.string(),
  /** The shop's today, YYYY-MM-DD. */
  date: z.string(),
  today: SlaFigures,
  /** Today and the 13 days before it. */
  last14Days: SlaFigures,
  /** PENDING orders past the promise right now, whenever they were placed. */
  lateNow: z.number().int(),
  /** Per staff member who completed an order in the 14 days, most completions first. */
  perStaff: z.array(z.object({ userId: z.string(), email: z.string(), today: SlaFigures, last14Days: SlaFigures })),
});
export type SlaDto = z.infer<typeof SlaDto>;
