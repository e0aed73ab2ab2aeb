// An order's timeline: what happened to it, by whom and when (GET /api/v1/Order/:id/Timeline, staff only,
// envelope(OrderEventDto[]) oldest first; 404 for a deleted order). Nobody changes or deletes an event through the API.
import { z } from 'zod';
import { CANCEL_REASONS } from './order-reasons.ts';
import { ORDER_STATUSES } from './limits.ts';
import { ORDER_FLAGS } from './orders.ts';
import { ORDER_VERDICTS } from './verification.ts';
import { AUTO_HOLD_REASONS, AutomaticCompletion } from './auto-delivery.ts';

export const ORDER_EVENT_TYPES = [
  'PLACED',
  'CHECKED',
  'READ',
  'STATUS_CHANGED',
  'EDITED',
  'DELETE_REQUESTED',
  'PAYMENT_RECEIVED',
  'CODES_DELIVERED',
  'AUTO_HELD',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Fields staff can edit; a new screenshot is recorded as `screenShot` with both values null (file names are private). */
export const EDITABLE_ORDER_FIELDS = ['inGameUserId', 'serverInfo', 'mobileNumber', 'transactionNumber', 'screenShot'] as const;
export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number];

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
      /** Present when the shop completed the order by itself (actor null: "the shop (automatic)"): the notice that allowed it. */
      automatic: AutomaticCompletion.optional(),
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
  /** Codes from stock were handed to the buyer (how many; never which). Actor: who completed, null for the shop. */
  z.object({ ...eventBase, type: z.literal('CODES_DELIVERED'), data: z.object({ count: z.number().int() }) }),
  /** The payment was confirmed but the order was not completed automatically: why (it waits for staff). */
  z.object({
    ...eventBase,
    type: z.literal('AUTO_HELD'),
    data: z.object({ reasons: z.array(z.enum(AUTO_HOLD_REASONS)), noticeId: z.string().nullable() }),
  }),
]);
export type OrderEventDto = z.infer<typeof OrderEventDto>;
