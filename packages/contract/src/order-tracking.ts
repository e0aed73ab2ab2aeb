// A buyer follows their own order: the private status view, the live stream's events, and "find my order".
// Nothing here names staff, shows the screenshot, or holds more of the buyer's details than they need to recognise it.
import { z } from 'zod';
import { MSG } from './messages.ts';
import { CANCEL_REASONS } from './order-reasons.ts';
import { TRACKING_STAGES } from './order-tracking-links.ts';
import { MobileNumber, OrderStatusSchema, TransactionNumber } from './orders.ts';
import { DELIVERY_MODES, DeliveredCodeDto, RedeemInstructions } from './code-stock.ts';

export const DELIVERY_STATES = ['AWAITING_PAYMENT', 'PAYMENT_CONFIRMED', 'DELIVERED', 'CANCELLED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const TrackedDelivery = z.object({
  isCodeProduct: z.boolean(),
  deliveryMode: z.enum(DELIVERY_MODES),
  state: z.enum(DELIVERY_STATES),
  codes: z.array(DeliveredCodeDto),
  redeemInstructions: RedeemInstructions,
});
export type TrackedDelivery = z.infer<typeof TrackedDelivery>;

/** "Find my order" looks this far back. */
export const FIND_ORDER_DAYS = 30;
/** And answers at most this many orders. */
export const FIND_ORDER_MAX = 10;

export const TrackedOrderDto = z.object({
  code: z.string(),
  stage: z.enum(TRACKING_STAGES),
  status: OrderStatusSchema,
  gameTitle: z.string(),
  packageTitle: z.string(),
  unit: z.number(),
  quantity: z.number().int(),
  subTotal: z.number(),
  currency: z.string(),
  paymentMethod: z.string(),
  /** In-game user id and phone with their middle hidden: enough to recognise, not to copy. */
  maskedInGameUserId: z.string(),
  serverInfo: z.string(),
  maskedMobileNumber: z.string(),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  cancelNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The shop's own wallet said the money arrived (a payment phone's notice confirmed this order); never goes back. */
  paymentReceived: z.boolean(),
  /**
   * Only for a package sold as codes or completed automatically (absent otherwise, and for clients that predate it):
   * - `state`: AWAITING_PAYMENT, PAYMENT_CONFIRMED ("payment confirmed, delivering": the wallet notice confirmed it,
   *   the order is not completed yet), DELIVERED (completed), CANCELLED;
   * - `codes`: the delivered codes with their PIN or serial, only once delivered and only on this private view;
   * - `redeemInstructions`: how to redeem, both languages (empty strings: none).
   */
  delivery: TrackedDelivery.nullable().optional(),
});
export type TrackedOrderDto = z.infer<typeof TrackedOrderDto>;

/** Any code or token is accepted here and simply not found: a malformed one must not answer differently (400). */
export const TrackingParams = z.object({ code: z.string() });
/** The private token travels as `t`, like the page's link `/order/{code}?t={token}`. */
export const TrackingQuery = z.object({ t: z.preprocess((v) => (Array.isArray(v) ? '' : v), z.string().optional()) });

export const FindOrdersBody = z.object({
  mobileNumber: MobileNumber,
  transactionNumber: TransactionNumber,
});
export type FindOrdersBody = z.infer<typeof FindOrdersBody>;

/** One found order: enough to list it, and a fresh private token for its status page. */
export const FoundOrderDto = z.object({
  code: z.string(),
  trackingToken: z.string(),
  stage: z.enum(TRACKING_STAGES),
  gameTitle: z.string(),
  packageTitle: z.string(),
  createdAt: z.string(),
});
export type FoundOrderDto = z.infer<typeof FoundOrderDto>;

/** Most orders one status request may ask about: "my orders" on one phone. */
export const TRACKED_STATUSES_MAX = 50;

/**
 * POST /api/v1/OrderTracking/statuses: the statuses of orders a buyer holds the private links of ("my orders").
 * Codes and tokens are any strings (a malformed one is simply not found, as on the status page).
 */
export const TrackedStatusesBody = z.object({
  orders: z
    .array(z.object({ code: z.string().max(64), token: z.string().max(256) }))
    .min(1, MSG.required)
    .max(TRACKED_STATUSES_MAX, MSG.tooMany(TRACKED_STATUSES_MAX)),
});
export type TrackedStatusesBody = z.infer<typeof TrackedStatusesBody>;

/** One order whose code and token matched; the others are left out, whichever of the two was wrong. */
export const TrackedStatusDto = z.object({
  code: z.string(),
  status: OrderStatusSchema,
  stage: z.enum(TRACKING_STAGES),
  updatedAt: z.string(),
});
export type TrackedStatusDto = z.infer<typeof TrackedStatusDto>;
