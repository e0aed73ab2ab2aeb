// How a changed, deleted or newly arrived order (and a notification) is written into the cache: the one place
// mutations and realtime pushes share, so lists update in place instead of being refetched.
import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto } from '@topup/contract/orders';
import { addToPages, recount, removeFromPages, replaceInPages } from '../../../lib/page-cache';
import { notificationKeys, orderKeys } from './order-keys';

export function orderChanged(qc: QueryClient, order: OrderDto): void {
  qc.setQueryData(orderKeys.detail(order.id), order);
  replaceInPages(qc, orderKeys.lists(), order);
  // Every change is a new timeline entry; a status change moves the SLA figures.
  void qc.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
  void qc.invalidateQueries({ queryKey: orderKeys.sla() });
}

export function orderDeleted(qc: QueryClient, id: string): void {
  qc.removeQueries({ queryKey: orderKeys.detail(id) });
  removeFromPages(qc, orderKeys.lists(), id);
  removeNotificationsOf(qc, id);
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
}

/** Reading an order reads all of its notifications (spec §4): they leave the bell. */
export function removeNotificationsOf(qc: QueryClient, orderId: string): void {
  qc.setQueryData<Page<NotificationDto>>(notificationKeys.list(), (data) => {
    if (!data) return data;
    const items = data.items.filter((n) => n.orderId !== orderId);
    const removed = data.items.length - items.length;
    return removed ? { items, paging: recount(data.paging, -removed, items.length) } : data;
  });
}

/** A new order (from the realtime hub): on top of the first page, count + 1; later pages are marked stale. */
export function addIncomingOrder(qc: QueryClient, order: OrderDto): void {
  addToPages(qc, orderKeys.lists(), order);
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
}

/** A new notification (from the realtime hub): on top of the bell's list, unread count + 1; duplicates ignored. */
export function addIncomingNotification(qc: QueryClient, notification: NotificationDto): void {
  qc.setQueryData<Page<NotificationDto>>(notificationKeys.list(), (data) => {
    if (!data) return data;
    if (data.items.some((n) => n.id === notification.id)) return data;
    const items = [notification, ...data.items];
    return { items, paging: recount(data.paging, 1, items.length) };
  });
}

/**
 * The realtime connection was down for a while (it reconnected, or started afresh after failing): whatever was pushed
 * meanwhile was missed, so the order lists, the bell and the overview summary load again.
 */
export function resyncOrders(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: orderKeys.lists() });
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
  void qc.invalidateQueries({ queryKey: notificationKeys.all });
}
