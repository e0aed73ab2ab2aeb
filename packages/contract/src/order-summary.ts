// The dashboard overview's numbers: pending work and orders/revenue per day (GET /api/v1/Order/summary).
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
