// The staff workbench: an order's timeline, list filters and sort, the SLA clock, bulk actions and the
// CSV export. Everything here is additive to the spec: a client that sends none of it gets the spec's behaviour.
//
// Routes (all staff, i.e. `role: 'staff'`):
// - GET  /api/v1/Order?…OrderFilterQuery…           the spec's page of OrderDto, narrowed and sorted (searchTerm kept)
// - GET  /api/v1/Order/:id/Timeline                 envelope(OrderEventDto[]), oldest first; 404 for a deleted order
// - PUT  /api/v1/Order/:id                          the spec's multipart form plus OrderUpdateExtras (see orders.ts)
//        409 code `orderChanged` (field `expectedUpdatedAt`) when the order changed after `expectedUpdatedAt`
// - GET  /api/v1/Order/Sla                          envelope(SlaDto)
// - POST /api/v1/Order/Bulk                         JSON BulkActionBody → envelope(BulkActionResult)
// - GET  /api/v1/Order/Export?…OrderFilterQuery…    text/csv (UTF-8 with BOM), attachment; header row in the caller's language
// - GET  /api/v1/Order/Operators                    envelope(OperatorDto[]): who can appear as operator (filter choices)
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { MSG } from './messages.ts';
import { CANCEL_REASONS, CancelNoteField, CancelReasonField } from './order-reasons.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, TEXT_LIMITS } from './limits.ts';
import { ORDER_VERDICTS, VERDICT_FILTERS } from './verification.ts';

/**
 * Why an order may not be completed without a second look: `duplicate` (another order reuses its transaction
 * number or screenshot) and `mismatch` (its screenshot check's verdict).
 */
export const ORDER_FLAGS = ['duplicate', 'mismatch'] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

// ---- timeline -------------------------------------------------------------------------------------------------

export const ORDER_EVENT_TYPES = ['PLACED', 'CHECKED', 'READ', 'STATUS_CHANGED', 'EDITED', 'DELETE_REQUESTED', 'PAYMENT_RECEIVED'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Fields staff can edit; a new screenshot is recorded as `screenShot` with both values null (file names are private). */
export const EDITABLE_ORDER_FIELDS = ['inGameUserId', 'serverInfo', 'mobileNumber', 'transactionNumber', 'screenShot'] as const;
export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number];

export const STATUS_NOTE_MAX = 500;

/** Who did it; null for the buyer (PLACED) and for the shop itself (CHECKED). `email` is kept as it was then. */
export const EventActor = z.object({ id: z.string(), email: z.string() }).nullable();

const eventBase = { id: z.string(), orderId: z.string(), at: z.string(), actor: EventActor };

export const OrderEventDto = z.discriminatedUnion('type', [
  z.object({ ...eventBase, type: z.literal('PLACED'), data: z.object({ code: z.string().nullable() }) }),
  z.object({
    ...eventBase,
    type: z.literal('CHECKED'),
    data: z.object({ verdict: z.enum(ORDER_VERDICTS), isDuplicate: z.boolean() }),
  }),
  z.object({ ...eventBase, type: z.literal('READ'), data: z.object({}) }),
  z.object({
    ...eventBase,
    type: z.literal('STATUS_CHANGED'),
    data: z.object({
      from: z.enum(ORDER_STATUSES),
      to: z.enum(ORDER_STATUSES),
      /** Only when cancelling; null when a spec-only client cancelled without one. */
      reason: z.enum(CANCEL_REASONS).nullable(),
      /** The cancel note (cancelling) or the status note (completing, reopening); null when none. */
      note: z.string().nullable(),
      /** True when the change came from POST /Order/Bulk. */
      bulk: z.boolean(),
      /**
       * Present when staff completed an order flagged by its screenshot check (`overrideFlags`): which flags were
       * overridden and why. Who overrode them is the event's actor. Absent on every other change.
       */
      override: z.object({ flags: z.array(z.enum(ORDER_FLAGS)), reason: z.string() }).optional(),
    }),
  }),
  z.object({
    ...eventBase,
    type: z.literal('EDITED'),
    data: z.object({
      /** Old → new per changed field. Values are erased (null) once the order is deleted: they are personal data. */
      changes: z.array(z.object({ field: z.enum(EDITABLE_ORDER_FIELDS), from: z.string().nullable(), to: z.string().nullable() })),
    }),
  }),
  z.object({ ...eventBase, type: z.literal('DELETE_REQUESTED'), data: z.object({ code: z.string().nullable() }) }),
  /** The shop's own wallet said the money arrived: a payment phone's notice, matched by the shop or attached by staff. */
  z.object({
    ...eventBase,
    type: z.literal('PAYMENT_RECEIVED'),
    data: z.object({
      noticeId: z.string(),
      phoneName: z.string().nullable(),
      amount: z.number().nullable(),
      transactionId: z.string().nullable(),
      byHand: z.boolean(),
    }),
  }),
]);
export type OrderEventDto = z.infer<typeof OrderEventDto>;

// ---- optimistic concurrency and notes on PUT /api/v1/Order/:id ------------------------------------------------

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// ---- completing a flagged order -------------------------------------------------------------------------------

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

// ---- list filters and sort ------------------------------------------------------------------------------------

export const ORDER_SORTS = ['-createdAt', 'createdAt', '-subTotal', 'subTotal', '-updatedAt', 'updatedAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = '-createdAt';

/** A day (YYYY-MM-DD, the shop's day in its time zone) or an instant with its offset (2026-11-23T09:30:00+06:30). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DateOrInstant = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .trim()
    .refine(
      (s) => (DATE_ONLY.test(s) ? !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) : z.iso.datetime({ offset: true }).safeParse(s).success),
      MSG.invalidDateTime,
    )
    .optional(),
);

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v);

/**
 * Filters of the order list, the export and bulk "all matching" (query string; every one optional, all combined with
 * AND and with `searchTerm`). `from` is inclusive and `to` exclusive for instants; a date-only `to` includes that
 * whole day (the shop's day). `verdict=duplicate` means "reuse found", the others the check's verdict.
 */
export const OrderFilterQuery = z.object({
  status: z.preprocess(upper, z.enum(ORDER_STATUSES, { message: MSG.mustBeOneOf(ORDER_STATUSES) }).optional()),
  gameId: z.preprocess(blankAsAbsent, z.uuid(MSG.mustBeUuid).optional()),
  paymentMethod: z.preprocess(upper, z.enum(PAYMENT_METHODS, { message: MSG.mustBeOneOf(PAYMENT_METHODS) }).optional()),
  from: DateOrInstant,
  to: DateOrInstant,
  verdict: z.preprocess(lower, z.enum(VERDICT_FILTERS, { message: MSG.mustBeOneOf(VERDICT_FILTERS) }).optional()),
  isRead: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? (({ true: true, false: false } as Record<string, boolean>)[v.trim().toLowerCase()] ?? (v.trim() === '' ? undefined : v))
        : v,
    z.boolean({ message: MSG.mustBeBoolean }).optional(),
  ),
  operatorId: z.preprocess(blankAsAbsent, z.uuid(MSG.mustBeUuid).optional()),
  sort: z.preprocess(blankAsAbsent, z.enum(ORDER_SORTS, { message: MSG.mustBeOneOf(ORDER_SORTS) }).default(DEFAULT_ORDER_SORT)),
});
export type OrderFilterQuery = z.infer<typeof OrderFilterQuery>;

/** The filter as bulk "all matching" sends it, with the search term it was shown with. */
export const OrderFilter = OrderFilterQuery.extend({
  searchTerm: z.string().trim().max(TEXT_LIMITS.searchTerm).optional().default(''),
});
export type OrderFilter = z.infer<typeof OrderFilter>;

/** Staff who can appear as an order's operator: the choices of the operator filter. */
export const OperatorDto = z.object({ id: z.string(), email: z.string() });
export type OperatorDto = z.infer<typeof OperatorDto>;

// ---- SLA ------------------------------------------------------------------------------------------------------

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

// ---- bulk -----------------------------------------------------------------------------------------------------

export const BULK_ACTIONS = ['MARK_READ', 'COMPLETE', 'CANCEL'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Most orders one bulk request may change, listed by id or matched by a filter (docs/decisions/0057). */
export const BULK_MAX = 500;

/**
 * Exactly one of `ids` and `filter`. COMPLETE and CANCEL change only PENDING orders; CANCEL needs `cancelReason`
 * (and `cancelNote` for OTHER). A filter matching more than BULK_MAX orders is refused as a whole (field `filter`).
 */
export const BulkActionBody = z
  .object({
    action: z.preprocess(upper, z.enum(BULK_ACTIONS, { message: MSG.mustBeOneOf(BULK_ACTIONS) })),
    ids: z.array(z.uuid(MSG.mustBeUuid)).min(1, MSG.bulkNothingSelected).max(BULK_MAX, MSG.bulkTooMany(BULK_MAX)).optional(),
    filter: OrderFilter.optional(),
    cancelReason: CancelReasonField,
    cancelNote: CancelNoteField,
    statusNote: OrderUpdateExtras.shape.statusNote,
    ...OrderOverride.shape,
  })
  .superRefine((b, ctx) => {
    refineOverride(b, ctx);
    if ((b.ids === undefined) === (b.filter === undefined)) ctx.addIssue({ code: 'custom', message: MSG.bulkIdsOrFilter, path: ['ids'] });
    if (b.action === 'CANCEL' && !b.cancelReason)
      ctx.addIssue({ code: 'custom', message: MSG.cancelReasonRequired, path: ['cancelReason'] });
    if (b.action !== 'CANCEL' && (b.cancelReason || b.cancelNote))
      ctx.addIssue({ code: 'custom', message: MSG.cancelReasonNeedsCancel, path: ['cancelReason'] });
    if (b.action === 'CANCEL' && b.cancelReason === 'OTHER' && !b.cancelNote)
      ctx.addIssue({ code: 'custom', message: MSG.cancelNoteRequired, path: ['cancelNote'] });
    if (b.action !== 'COMPLETE' && b.statusNote) ctx.addIssue({ code: 'custom', message: MSG.statusNoteNeedsChange, path: ['statusNote'] });
  });
export type BulkActionBody = z.infer<typeof BulkActionBody>;

export const BulkActionResult = z.object({
  succeeded: z.array(z.string()),
  /** `code` is a message code (e.g. notFound, bulkNotPending); `message` its text in the caller's language; `orderCode` the order's short code (null once it is gone). */
  failed: z.array(z.object({ id: z.string(), orderCode: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type BulkActionResult = z.infer<typeof BulkActionResult>;

// ---- export ---------------------------------------------------------------------------------------------------

/** Columns of the CSV export, in order; the header row names them in the caller's language (messages.ts). */
export const EXPORT_COLUMNS = [
  'code',
  'createdAt',
  'status',
  'gameTitle',
  'packageTitle',
  'quantity',
  'subTotal',
  'currency',
  'paymentMethod',
  'inGameUserId',
  'serverInfo',
  'mobileNumber',
  'transactionNumber',
  'verdict',
  'isRead',
  'operator',
  'cancelReason',
  'cancelNote',
  'updatedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
