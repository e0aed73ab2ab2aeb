// Pre-checked orders: what the server read from a payment screenshot, how it compares with the order,
// and which other orders reuse its transaction number or image. Staff only; the buyer never sees any of it.
import { z } from 'zod';

/**
 * The check's answer for one order. `pending`: not checked yet; `match`: every field was read and agrees;
 * `mismatch`: at least one field read and disagreeing; `unreadable`: nothing disagrees but not everything could be
 * read; `failed`: the check kept failing (e.g. an image that can't be decoded) and gave up.
 * Orders placed before checking existed have no verdict (null).
 */
export const ORDER_VERDICTS = ['pending', 'match', 'mismatch', 'unreadable', 'failed'] as const;
export const OrderVerdict = z.enum(ORDER_VERDICTS);
export type OrderVerdict = z.infer<typeof OrderVerdict>;

/** What the dashboard filters and badges by: the verdict, with `duplicate` taking precedence when reuse was found. */
export const VERDICT_FILTERS = ['pending', 'match', 'mismatch', 'unreadable', 'failed', 'duplicate'] as const;
export const VerdictFilter = z.enum(VERDICT_FILTERS);
export type VerdictFilter = z.infer<typeof VerdictFilter>;

export const RECEIPT_FIELDS = ['amount', 'transactionId', 'time', 'receiver', 'status'] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

export const FieldResult = z.enum(['match', 'mismatch', 'unreadable']);
export type FieldResult = z.infer<typeof FieldResult>;

/** One field as read from the receipt beside the order's value. `receipt` null = could not be read. */
export const FieldCheck = z.object({
  field: z.enum(RECEIPT_FIELDS),
  receipt: z.string().nullable(),
  order: z.string().nullable(),
  result: FieldResult,
});
export type FieldCheck = z.infer<typeof FieldCheck>;

export const DUPLICATE_REASONS = ['transaction', 'image'] as const;
export const DuplicateLink = z.object({
  orderId: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
  transactionNumber: z.string(),
  createdAt: z.string(),
});
export type DuplicateLink = z.infer<typeof DuplicateLink>;

/**
 * A check still unfinished this long after its order was placed is late: staff see "not checked yet" instead of
 * "checking", and look at the screenshot themselves. A check takes seconds; under a burst the queue can fall behind
 * (docs/decisions/0066), and the shop promises delivery within minutes.
 */
export const CHECK_LATE_AFTER_MS = 60_000;

/** Whether an order's check is late at `now`: its verdict still pending, its order placed CHECK_LATE_AFTER_MS ago or more. */
export function checkIsLate(verdict: OrderVerdict | null | undefined, placedAt: string, now: number): boolean {
  return verdict === 'pending' && now - Date.parse(placedAt) >= CHECK_LATE_AFTER_MS;
}

export const OrderVerification = z.object({
  orderId: z.string(),
  verdict: OrderVerdict.nullable(),
  isDuplicate: z.boolean(),
  /** queued: waiting or running; done; failed: gave up after retries. null: never queued (older orders). */
  state: z.enum(['queued', 'done', 'failed']).nullable(),
  /** Still queued CHECK_LATE_AFTER_MS after the order was placed: "not checked yet". */
  late: z.boolean(),
  /** When the order was placed (the dashboard turns "checking" into "not checked yet" by it). */
  placedAt: z.string(),
  attempts: z.number().int(),
  checkedAt: z.string().nullable(),
  /** What the check read; empty while it is queued (a check run again shows nothing of the previous one). */
  fields: z.array(FieldCheck),
  duplicates: z.array(DuplicateLink),
  /** Why the check gave up, in words for staff. */
  error: z.string().nullable(),
});
export type OrderVerification = z.infer<typeof OrderVerification>;

/** Hub event `ReceiveOrderVerdict`: an order's verdict changed (new events only; existing ones are unchanged). */
export const OrderVerdictEvent = z.object({ orderId: z.string(), verdict: OrderVerdict.nullable(), isDuplicate: z.boolean() });
export type OrderVerdictEvent = z.infer<typeof OrderVerdictEvent>;

export const VerdictListQuery = z.object({
  verdict: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), VerdictFilter),
});
