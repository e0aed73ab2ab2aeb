// The staff's order list beyond the original API: filters and sort, operators, bulk actions and the CSV export.
// A client that sends none of the filters gets the original list.
//
// Routes (all staff, i.e. `role: 'staff'`):
// - GET  /api/v1/Order?…OrderFilterQuery…           the page of OrderDto, narrowed and sorted (searchTerm kept)
// - POST /api/v1/Order/Bulk                         JSON BulkActionBody → envelope(BulkActionResult)
// - GET  /api/v1/Order/Export?…OrderFilterQuery…    text/csv (UTF-8 with BOM), attachment; header row in the caller's language
// - GET  /api/v1/Order/Operators                    envelope(OperatorDto[]): who can appear as operator (filter choices)
import { z } from 'zod';
import { MSG } from './messages.ts';
import { CancelNoteField, CancelReasonField } from './order-reasons.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, TEXT_LIMITS } from './limits.ts';
import { OrderOverride, OrderUpdateExtras, refineOverride } from './orders.ts';
import { ORDER_PAYMENT_STATES } from './payment-phone-states.ts';
import { VERDICT_FILTERS } from './verification.ts';

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
  /** What the shop's own wallet said of the order (a payment phone's notice). */
  payment: z.preprocess(lower, z.enum(ORDER_PAYMENT_STATES, { message: MSG.mustBeOneOf(ORDER_PAYMENT_STATES) }).optional()),
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
  'payment',
  'isRead',
  'operator',
  'cancelReason',
  'cancelNote',
  'updatedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
