// After an order commits, the orders service announces it here; the realtime hub listens and fans it out.
import { EventEmitter } from 'node:events';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto } from '@topup/contract/orders';

export type OrderCreated = { order: OrderDto; notification: NotificationDto };
export type OrderCreatedListener = (event: OrderCreated) => void;

export type OrderEvents = {
  orderCreated(event: OrderCreated): void;
  onOrderCreated(listener: OrderCreatedListener): () => void;
};

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
  };
}
