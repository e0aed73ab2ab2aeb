// Staff see each other's work live (docs/decisions/0063): hub event `ReceiveOrderChanged`, sent to every
// signed-in admin on every instance after a change to an order commits. New beside the spec's events, whose names
// and payloads are unchanged; a client that does not listen for it misses nothing it had before.
import { z } from 'zod';
import { OrderDto } from './orders.ts';

/**
 * What changed: `status` (status, cancel reason or note, with the operator), `read` (the order and its
 * notifications were read), `fields` (in-game id, server, phone, transaction number or screenshot), `deleted`
 * (deleted on its own or by cleaning), `payment` (the shop's wallet said the money arrived, or with another amount:
 * `order.paymentState`; `by` is null when the shop matched it, the staff member's email when attached by hand). A save that changed none of these (it still sets the operator and a new
 * `updatedAt`) has an empty list.
 */
export const ORDER_CHANGE_KINDS = ['status', 'read', 'fields', 'deleted', 'payment'] as const;
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/**
 * The order as it is after the change, ready to replace a list row or the open detail. Without the screenshot
 * check: `verdict`/`isDuplicate` travel in `ReceiveOrderVerdict` only, so an older check can never overwrite a newer one.
 */
export const ChangedOrder = OrderDto.omit({ verdict: true, isDuplicate: true });
export type ChangedOrder = z.infer<typeof ChangedOrder>;

/**
 * Hub event `ReceiveOrderChanged` (one argument). Sent only for a change that was written (never for a refused one),
 * once per order, also for each order of a bulk action and of a clean.
 * - `updatedAt`: the order's new version, as `expectedUpdatedAt` of PUT /api/v1/Order/:id compares it. Marking read
 *   does not move it (docs/decisions/0055), so a `read` change carries the version it already had. Null when deleted.
 *   A client keeps the newest: an event older than what it holds is stale (its own answer may have come first).
 * - `by`: the email of the staff member who made the change; null when not known (e.g. an old clean).
 * - `order`: the row after the change (null when deleted).
 */
export const OrderChangedEvent = z.object({
  orderId: z.string(),
  changes: z.array(z.enum(ORDER_CHANGE_KINDS)),
  updatedAt: z.string().nullable(),
  by: z.string().nullable(),
  /** True when the shop completed the order by itself (auto-delivery.ts); `by` is null then. Absent otherwise. */
  automatic: z.boolean().optional(),
  deleted: z.boolean(),
  order: ChangedOrder.nullable(),
});
export type OrderChangedEvent = z.infer<typeof OrderChangedEvent>;
