// The zod-free part of order tracking, for the storefront's chunks: the status page's link, the promise, the stages
// and the stream's event name. (order-tracking.ts holds the schemas; importing it would ship zod to the buyer.)

/** What the shop promises on the success screen. */
export const DELIVERY_PROMISE_MINUTES = 3;

/** Where the order is: placed, being checked (staff opened it), completed, or cancelled. */
export const TRACKING_STAGES = ['PLACED', 'CHECKING', 'COMPLETED', 'CANCELLED'] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

/** Server-sent event names of GET /api/v1/OrderTracking/{code}/events. */
export const TRACKING_EVENTS = { order: 'order' } as const;

export function trackingPath(code: string, token: string): string {
  return `/order/${encodeURIComponent(code)}?t=${encodeURIComponent(token)}`;
}
