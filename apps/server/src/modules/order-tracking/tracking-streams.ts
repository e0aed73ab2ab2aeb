// Buyers' live status streams (server-sent events), indexed by order id, so a staff change reaches exactly the
// pages of that order with one map lookup, whatever the number of open pages.
import type { ServerResponse } from 'node:http';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { TRACKING_EVENTS } from '@topup/contract/order-tracking-links';

export type TrackingStreams = {
  open(orderId: string, res: ServerResponse, first: TrackedOrderDto): void;
  push(orderId: string, order: TrackedOrderDto): void;
  readonly size: number;
  /** Ends every stream; the browsers reconnect (after `retry`) and get the order as it is now. */
  endAll(): void;
  /** Ends every stream and stops the heartbeat (shutdown). */
  closeAll(): void;
};

/** Comment lines keep proxies and mobile carriers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

const frame = (order: TrackedOrderDto) => `event: ${TRACKING_EVENTS.order}\ndata: ${JSON.stringify(order)}\n\n`;

export function createTrackingStreams(heartbeatMs = HEARTBEAT_MS): TrackingStreams {
  const byOrder = new Map<string, Set<ServerResponse>>();
  let size = 0;
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
    size = 0;
  };

  return {
    open(orderId, res, first) {
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
      set.add(res);
      size++;
      res.on('close', () => {
        if (set.delete(res)) size--;
        if (set.size === 0 && byOrder.get(orderId) === set) byOrder.delete(orderId);
      });
    },
    push(orderId, order) {
      const set = byOrder.get(orderId);
      if (!set) return;
      const data = frame(order);
      for (const res of set) res.write(data);
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
