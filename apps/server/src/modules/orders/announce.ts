// Telling buyers' status streams and colleagues' dashboards of a committed change; a listener never fails it.
import type { OrderDto } from '@topup/contract/orders';
import type { OrderChangeKind, OrderChangedEvent } from '@topup/contract/order-changes';
import type { AppContext } from '../../context.ts';

/** Tells listeners (buyers' status streams) after commit; their failure never fails the staff's change. */
export function announceChange(ctx: AppContext, order: OrderDto) {
  try {
    ctx.events.orderChanged(order);
  } catch {
    // A listener's own error is its to log; the change is committed.
  }
}

/** Staff's view of one committed change, for colleagues' open lists and details (docs/decisions/0063). */
export function staffChange(order: OrderDto, changes: OrderChangeKind[], by: string | null): OrderChangedEvent {
  // The check's verdict travels in its own event only: a change never carries a verdict that may already be old.
  const { verdict: _verdict, isDuplicate: _isDuplicate, ...row } = order;
  return { orderId: order.id, changes, updatedAt: order.updatedAt, by, deleted: false, order: row };
}

export function staffDeletion(orderId: string, by: string | null): OrderChangedEvent {
  return { orderId, changes: ['deleted'], updatedAt: null, by, deleted: true, order: null };
}

/** Tells colleagues' dashboards after commit (the hub, on every instance); never fails the change itself. */
export function announceStaffChanges(ctx: AppContext, events: OrderChangedEvent[]) {
  try {
    ctx.events.staffChanges(events);
  } catch {
    // As announceChange: the change is committed, a listener's error is its own.
  }
}
