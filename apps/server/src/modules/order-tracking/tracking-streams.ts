// Buyers' live status streams (server-sent events), indexed by order id, so a staff change reaches exactly the
// pages of that order with one map lookup, whatever the number of open pages. Each open stream holds a socket for
// as long as the page stays open, so one order's token, or one address, may hold only so many at once.
import type { ServerResponse } from 'node:http';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { TRACKING_EVENTS } from '@topup/contract/order-tracking-links';
import { withPaymentReceived } from './tracked-view.ts';

/** How many streams may be open at once on this instance, per order and per client address. */
export type StreamLimits = { perOrder: number; perAddress: number };

export type TrackingStreams = {
  /** Why a new stream for this order from this address would be one too many, or null when it may open. */
  refusal(orderId: string, address: string): 'order' | 'address' | null;
  /** Opens the stream; call right after `refusal` answered null, with no await between. */
  open(orderId: string, address: string, res: ServerResponse, first: TrackedOrderDto): void;
  /** Sends the order's new state to its open pages (payment received stays so: the change itself does not know it). */
  push(orderId: string, order: TrackedOrderDto): void;
  /** Whether this instance has a page of the order open (only then is its delivery worth reading). */
  has(orderId: string): boolean;
  /** A wallet notice confirmed the order: its open pages hear it with the state they last had. */
  paymentReceived(orderId: string): void;
  readonly size: number;
  /** Ends every stream; the browsers reconnect (after `retry`) and get the order as it is now. */
  endAll(): void;
  /** Ends every stream and stops the heartbeat (shutdown). */
  closeAll(): void;
};

/** Comment lines keep proxies and mobile carriers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

const frame = (order: TrackedOrderDto) => `event: ${TRACKING_EVENTS.order}\ndata: ${JSON.stringify(order)}\n\n`;

export function createTrackingStreams(limits: StreamLimits, heartbeatMs = HEARTBEAT_MS): TrackingStreams {
  const byOrder = new Map<string, Set<ServerResponse>>();
  const byAddress = new Map<string, number>();
  /** What each order's open pages were last sent: a later change keeps its paymentReceived. */
  const last = new Map<string, TrackedOrderDto>();
  let size = 0;
  const release = (address: string) => {
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
  };
  const heartbeat = setInterval(() => {
    for (const set of byOrder.values()) for (const res of set) res.write(': keep-alive\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const endAll = () => {
    for (const set of byOrder.values()) {
      for (const res of set) res.end();
      // Emptied first, so the streams' own close handlers find nothing left to count down.
      set.clear();
    }
    byOrder.clear();
    byAddress.clear();
    last.clear();
    size = 0;
  };

  const push = (orderId: string, order: TrackedOrderDto) => {
    const set = byOrder.get(orderId);
    if (!set) return;
    const sent = last.get(orderId)?.paymentReceived && !order.paymentReceived ? withPaymentReceived(order) : order;
    last.set(orderId, sent);
    const data = frame(sent);
    for (const res of set) res.write(data);
  };

  return {
    refusal(orderId, address) {
      if ((byOrder.get(orderId)?.size ?? 0) >= limits.perOrder) return 'order';
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return 'address';
      return null;
    },
    open(orderId, address, res, first) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      // The browser reconnects after 3 s when the stream drops; the page also re-reads the order then.
      res.write(`retry: 3000\n${frame(first)}`);
      let set = byOrder.get(orderId);
      if (!set) byOrder.set(orderId, (set = new Set()));
      const known = last.get(orderId);
      if (!known || first.paymentReceived || !known.paymentReceived) last.set(orderId, first);
      set.add(res);
      size++;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      res.on('close', () => {
        if (set.delete(res)) {
          size--;
          release(address);
        }
        if (set.size === 0 && byOrder.get(orderId) === set) {
          byOrder.delete(orderId);
          last.delete(orderId);
        }
      });
    },
    push,
    paymentReceived(orderId) {
      const known = last.get(orderId);
      if (!known || known.paymentReceived) return;
      push(orderId, withPaymentReceived(known));
    },
    has(orderId) {
      return byOrder.has(orderId);
    },
    get size() {
      return size;
    },
    endAll,
    closeAll() {
      clearInterval(heartbeat);
      endAll();
    },
  };
}
