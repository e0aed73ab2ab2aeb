// Orders: what a buyer submits, what staff see and change (the API's Order; the server owns price and status rules).
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { MSG } from './messages.ts';
import { CANCEL_REASONS, CancelNoteField, CancelReasonField } from './order-reasons.ts';
import { ORDER_PAYMENT_STATES } from './payment-phone-states.ts';
import { OrderVerdict } from './verification.ts';
import { CLEAN_COUNTS, CLEAN_TYPES, ORDER_STATUSES, QUANTITY, TEXT_LIMITS, TRANSACTION_NUMBER_LENGTH } from './limits.ts';

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { message: MSG.mustBeOneOf(ORDER_STATUSES) });

export const OrderDto = z.object({
  id: z.string(),
  /** Short code buyers and staff read aloud (order-codes.ts); beyond the spec, additive. Null only for rows not written by the shop. */
  code: z.string().nullable(),
  inGameUserId: z.string(),
  serverInfo: z.string(),
  mobileNumber: z.string(),
  gameId: z.string().nullable(),
  gameTitle: z.string(),
  tokenPackageDto: z.object({
    id: z.string().nullable(),
    tokenTitle: z.string(),
    unit: z.number(),
    price: z.number(),
    currency: z.string(),
    packageImage: z.string().nullable(),
  }),
  paymentMethod: z.string(),
  status: OrderStatusSchema,
  quantity: z.number().int(),
  subTotal: z.number(),
  transactionNumber: z.string(),
  /** A signed URL that expires: screenshots are personal data. */
  screenShot: z.string().nullable(),
  userDto: z.object({ email: z.string() }).nullable(),
  isRead: z.boolean(),
  /** Why a CANCELLED order was cancelled; null when not cancelled or when staff gave no reason. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  cancelNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Beyond the original API: the screenshot check's verdict; null for orders placed before checks existed. */
  verdict: OrderVerdict.nullable().optional(),
  /** Beyond the original API: another order reuses this one's transaction number or screenshot. */
  isDuplicate: z.boolean().optional(),
  /** Beyond the original API: what the shop's own wallet said (a payment phone's notice); not_received until one does. */
  paymentState: z.enum(ORDER_PAYMENT_STATES).optional(),
});
export type OrderDto = z.infer<typeof OrderDto>;

/** The answer to placing an order: the order, and once only, the private token of its status page. */
export const PlacedOrderDto = OrderDto.extend({ trackingToken: z.string().nullable() });
export type PlacedOrderDto = z.infer<typeof PlacedOrderDto>;

/** Digits only; the web app cuts input at 6 and the server insists on exactly 6. */
export const TransactionNumber = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TRANSACTION_NUMBER_LENGTH}}$`), MSG.transactionNumber);

/** A Myanmar mobile number: 09 followed by 7–9 digits, or the same after +959 / 959. Spaces and dashes are ignored. */
export const MobileNumber = z
  .string()
  .trim()
  .max(TEXT_LIMITS.mobileNumber + 8, MSG.mobileNumber)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:09|\+?959)\d{7,9}$/, MSG.mobileNumber));

/** Multipart clients often send an empty string for a field they leave out: treat it as absent. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Status as sent by a form: case and surrounding spaces ignored; empty means "not sent". */
const FormOrderStatus = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
  OrderStatusSchema.optional(),
);

export const Quantity = z.coerce
  .number({ message: MSG.quantityRange })
  .int(MSG.quantityRange)
  .min(QUANTITY.min, MSG.quantityRange)
  .max(QUANTITY.max, MSG.quantityRange);

/** Multipart text fields of POST /api/v1/Order; the screenshot comes as file_ScreenShot. */
export const CreateOrderForm = z.object({
  inGameUserId: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.inGameUserId, MSG.tooLong(TEXT_LIMITS.inGameUserId)),
  serverInfo: z.string().trim().max(TEXT_LIMITS.serverInfo, MSG.tooLong(TEXT_LIMITS.serverInfo)).default(''),
  mobileNumber: MobileNumber,
  tokenPackageId: z.uuid(MSG.choosePackage),
  quantity: z.preprocess(blankAsAbsent, Quantity.default(1)),
  /** What the buyer saw; checked against the server's own price, never used as the price. */
  subTotal: z.preprocess(blankAsAbsent, z.coerce.number({ message: MSG.mustBeNumber }).nonnegative(MSG.mustNotBeNegative).optional()),
  transactionNumber: TransactionNumber,
  screenShot: z.string().optional(),
  /**
   * Beyond the original API: a key the client makes once per order attempt and repeats on a retry, so a retry after a
   * lost reply answers with the order already placed instead of placing it twice.
   */
  idempotencyKey: z.preprocess(blankAsAbsent, z.uuid(MSG.mustBeUuid).optional()),
});
export type CreateOrderForm = z.infer<typeof CreateOrderForm>;

// ---- completing a flagged order, optimistic concurrency and notes (beyond the original API) ----------------

/**
 * Why an order may not be completed without a second look: `duplicate` (another order reuses its transaction
 * number or screenshot) and `mismatch` (its screenshot check's verdict).
 */
export const ORDER_FLAGS = ['duplicate', 'mismatch'] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/** Longest status note kept with a status change. */
export const STATUS_NOTE_MAX = 500;

export const OVERRIDE_REASON_MAX = 500;

/** The flags an order carries now, in ORDER_FLAGS order; empty when it may be completed as it is. */
export function orderFlags(order: { isDuplicate?: boolean | null; verdict?: string | null }): OrderFlag[] {
  return ORDER_FLAGS.filter((f) => (f === 'duplicate' ? order.isDuplicate === true : order.verdict === 'mismatch'));
}

/**
 * Sent with any change that can complete an order (PUT /api/v1/Order/:id as multipart fields, POST /Order/Bulk as
 * JSON). Completing a flagged order without `overrideFlags: true` is refused: 409 with code `orderFlagged` (bulk:
 * that order fails with the code, the others go on). `overrideReason` (1–500 characters after trimming) is required
 * with `overrideFlags: true` and is kept in the timeline's STATUS_CHANGED event. An override on an order that is
 * not flagged, or on a change that does not complete it, records nothing.
 */
const OverrideFlagsField = z.preprocess(blankAsAbsent, FormBoolean.optional());
const OverrideReasonField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(OVERRIDE_REASON_MAX, MSG.tooLong(OVERRIDE_REASON_MAX)).optional(),
);
export const OrderOverride = z.object({ overrideFlags: OverrideFlagsField, overrideReason: OverrideReasonField });
export type OrderOverride = z.infer<typeof OrderOverride>;

/** The refinement both request shapes share: a reason is required with the override. */
export function refineOverride(b: { overrideFlags?: boolean; overrideReason?: string }, ctx: z.RefinementCtx) {
  if (b.overrideFlags === true && !b.overrideReason)
    ctx.addIssue({ code: 'custom', message: MSG.overrideReasonRequired, path: ['overrideReason'] });
}

/**
 * Extra multipart fields of PUT /api/v1/Order/:id (merged into UpdateOrderForm).
 * - `expectedUpdatedAt`: the order's `updatedAt` as the client last saw it. When given and the order has changed
 *   since, the answer is 409 with code `orderChanged` (its text names who changed it when known) and the field
 *   error on `expectedUpdatedAt`; nothing is changed. Without it the spec's last-write-wins stays.
 * - `statusNote`: a note kept in the timeline with a status change to COMPLETED or PENDING (cancelling uses
 *   `cancelReason`/`cancelNote`); refused when the status does not change.
 */
export const OrderUpdateExtras = z.object({
  ...OrderOverride.shape,
  expectedUpdatedAt: z.preprocess(blankAsAbsent, z.iso.datetime({ offset: true, message: MSG.invalidDateTime }).optional()),
  statusNote: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(STATUS_NOTE_MAX, MSG.tooLong(STATUS_NOTE_MAX)).optional(),
  ),
});
export type OrderUpdateExtras = z.infer<typeof OrderUpdateExtras>;

/** Multipart fields of PUT /api/v1/Order/{id}. What was bought stays as bought; see docs/decisions. */
export const UpdateOrderForm = z
  .object({
    orderStatus: FormOrderStatus,
    status: FormOrderStatus,
    inGameUserId: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.inGameUserId).optional(),
    serverInfo: z.string().trim().max(TEXT_LIMITS.serverInfo).optional(),
    mobileNumber: MobileNumber.optional(),
    transactionNumber: TransactionNumber.optional(),
    tokenPackageId: z.string().optional(),
    quantity: z.string().optional(),
    subTotal: z.string().optional(),
    screenShot: z.string().optional(),
    /** Beyond the original API: why the order is cancelled, and a note (required for OTHER). See docs/decisions/0045. */
    cancelReason: CancelReasonField,
    cancelNote: CancelNoteField,
    /** Beyond the original API: optimistic concurrency and a note on completing; see OrderUpdateExtras. */
    ...OrderUpdateExtras.shape,
  })
  .superRefine(refineOverride);
export type UpdateOrderForm = z.infer<typeof UpdateOrderForm>;

export const CleanOrderBody = z
  .object({
    type: z.enum(CLEAN_TYPES, { message: MSG.cleanCount }),
    count: z.coerce.number({ message: MSG.cleanCount }).int(MSG.cleanCount),
  })
  .refine((b) => CLEAN_COUNTS[b.type].includes(b.count), { message: MSG.cleanCount, path: ['count'] });
export type CleanOrderBody = z.infer<typeof CleanOrderBody>;

export const CleanOrderResult = z.object({ deletedCount: z.number().int() });
