// The one place committed order events cross instances. Each event is published once on the backplane; what comes
// back is handed to this instance's receivers (admins on the hub, buyers' status streams). Nothing is delivered
// straight from the local event, so every receiver on every instance gets each event exactly once.
import type { FastifyBaseLogger } from 'fastify';
import type { BackplaneMessage, OrderEvents } from '../events/order-events.ts';
import { trackedFromDto } from '../modules/order-tracking/tracked-view.ts';
import type { Backplane } from './backplane-contract.ts';

export type FanOutReceiver = {
  message(event: BackplaneMessage): void;
  /** The backplane came back after a gap: events published meanwhile may have been missed here. */
  resumed?(): void;
};

export type FanOut = {
  /** Which backplane carries the events ('in-process' until connected). */
  readonly kind: Backplane['kind'];
  /** Starts publishing this instance's committed events and receiving everyone's; resolves once subscribed. */
  connect(backplane: Backplane): Promise<void>;
  receive(receiver: FanOutReceiver): () => void;
  close(): Promise<void>;
};

export function createFanOut(events: OrderEvents, log: FastifyBaseLogger): FanOut {
  const receivers = new Set<FanOutReceiver>();
  let backplane: Backplane | null = null;
  let stopPublishing: (() => void)[] = [];

  // One receiver's failure must neither reach the backplane's connection nor keep the event from the others.
  const each = (what: string, call: (r: FanOutReceiver) => void) => {
    for (const r of receivers) {
      try {
        call(r);
      } catch (err) {
        log.error({ err }, `a fan-out receiver failed on ${what}`);
      }
    }
  };

  const publish = (event: BackplaneMessage, orderId: string) => {
    backplane?.publish(event).catch((err) => {
      log.error({ err, orderId }, 'fan-out failed; pages see the change when they next read the order');
    });
  };

  return {
    get kind() {
      return backplane?.kind ?? 'in-process';
    },
    async connect(b) {
      backplane = b;
      await b.subscribe({
        message: (event) => each('a message', (r) => r.message(event)),
        resumed: () => each('a resumption', (r) => r.resumed?.()),
      });
      stopPublishing = [
        events.onOrderCreated((event) => publish(event, event.order.id)),
        events.onOrderVerdict((verdict) => publish({ verdict }, verdict.orderId)),
        // Only the buyer's view travels for a status change: no screenshot, no transaction number, no staff.
        events.onOrderChanged((order) => publish({ tracked: { orderId: order.id, order: trackedFromDto(order) } }, order.id)),
        // Staff's view of staff changes, for the admins' hub (docs/decisions/0063).
        events.onStaffChanges((changed) => publish({ changed }, changed[0]!.orderId)),
        events.onPaymentNotice((payment) => publish({ payment }, payment.notice.orderId ?? payment.notice.id)),
        events.onLowStock((lowStock) => publish({ lowStock }, lowStock.stock.packageId)),
      ];
    },
    receive(receiver) {
      receivers.add(receiver);
      return () => receivers.delete(receiver);
    },
    async close() {
      for (const stop of stopPublishing) stop();
      stopPublishing = [];
      receivers.clear();
      await backplane?.close();
      backplane = null;
    },
  };
}
