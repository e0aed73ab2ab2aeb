// After an order commits, the orders service announces it here; realtime/fan-out.ts carries it to every instance.
import { EventEmitter } from 'node:events';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { OrderVerdictEvent } from '@topup/contract/verification';
import type { PaymentNoticeEvent } from '@topup/contract/payment-phones';
import type { LowStockEvent } from '@topup/contract/code-stock';

export type OrderCreated = { order: OrderDto; notification: NotificationDto };
export type OrderCreatedListener = (event: OrderCreated) => void;

export type OrderChangedListener = (order: OrderDto) => void;

export type OrderEvents = {
  orderCreated(event: OrderCreated): void;
  onOrderCreated(listener: OrderCreatedListener): () => void;
  /** An order's status or read state changed (committed); buyers' status streams listen. */
  orderChanged(order: OrderDto): void;
  onOrderChanged(listener: OrderChangedListener): () => void;
  /** An order's screenshot check changed its verdict or duplicate flag (modules/verification). */
  orderVerdict(event: OrderVerdictEvent): void;
  onOrderVerdict(listener: (event: OrderVerdictEvent) => void): () => void;
  /** Staff changed orders (committed): status, read, fields or deletion, one event per order; admins' hub listens. */
  staffChanges(events: OrderChangedEvent[]): void;
  onStaffChanges(listener: (events: OrderChangedEvent[]) => void): () => void;
  /** A payment phone's notice was taken or decided (committed; modules/payment-phones); admins' hub listens. */
  paymentNotice(event: PaymentNoticeEvent): void;
  onPaymentNotice(listener: (event: PaymentNoticeEvent) => void): () => void;
  /** A code package fell below its low-stock threshold (modules/code-stock); counts only, never codes. */
  lowStock(event: LowStockEvent): void;
  onLowStock(listener: (event: LowStockEvent) => void): () => void;
};

/** An order's new state as its buyer sees it, for the status streams of that order on every instance. */
export type TrackedChange = { orderId: string; order: TrackedOrderDto };

/**
 * What travels between instances on the backplane (realtime/fan-out.ts): a new order, a verdict, a buyer's view, or
 * staff's changes (one message per commit, so a clean's batch of deletions travels together).
 */
export type BackplaneMessage =
  | OrderCreated
  | { verdict: OrderVerdictEvent }
  | { tracked: TrackedChange }
  | { changed: OrderChangedEvent[] }
  | { payment: PaymentNoticeEvent }
  | { lowStock: LowStockEvent };

export function createOrderEvents(): OrderEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    orderCreated(event) {
      emitter.emit('created', event);
    },
    onOrderCreated(listener) {
      emitter.on('created', listener);
      return () => emitter.off('created', listener);
    },
    orderChanged(order) {
      emitter.emit('changed', order);
    },
    onOrderChanged(listener) {
      emitter.on('changed', listener);
      return () => emitter.off('changed', listener);
    },
    orderVerdict(event) {
      emitter.emit('verdict', event);
    },
    onOrderVerdict(listener) {
      emitter.on('verdict', listener);
      return () => emitter.off('verdict', listener);
    },
    staffChanges(events) {
      if (events.length > 0) emitter.emit('staff', events);
    },
    onStaffChanges(listener) {
      emitter.on('staff', listener);
      return () => emitter.off('staff', listener);
    },
    paymentNotice(event) {
      emitter.emit('payment', event);
    },
    onPaymentNotice(listener) {
      emitter.on('payment', listener);
      return () => emitter.off('payment', listener);
    },
    lowStock(event) {
      emitter.emit('lowStock', event);
    },
    onLowStock(listener) {
      emitter.on('lowStock', listener);
      return () => emitter.off('lowStock', listener);
    },
  };
}
