// How a changed, deleted or newly arrived order (and a notification) is written into the cache: the one place
// mutations and realtime pushes share, so lists update in place instead of being refetched.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderChangedEvent, OrderChangeKind } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import { addToPages, recount, removeFromPages, replaceInPages } from '../../../lib/page-cache';
import { notificationKeys, orderKeys } from '../../../lib/order-keys';

export function orderChanged(qc: QueryClient, order: OrderDto): void {
  qc.setQueryData(orderKeys.detail(order.id), order);
  replaceInPages(qc, orderKeys.lists(), order);
  // Every change is a new timeline entry; a status change moves the SLA figures.
  void qc.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
  void qc.invalidateQueries({ queryKey: orderKeys.sla() });
}

export function orderDeleted(qc: QueryClient, id: string): void {
  // The hub announces this deletion too (ReceiveOrderChanged), possibly before this answer: whichever comes second
  // must not take the order out (and the count down) a second time.
  if (!forgetOnce(qc, id)) return;
  qc.removeQueries({ queryKey: orderKeys.detail(id) });
  removeFromPages(qc, orderKeys.lists(), id);
  removeNotificationsOf(qc, id);
  void qc.invalidateQueries({ queryKey: orderKeys.summary() });
}

/** Reading an order reads all of its notifications: they leave the bell. */
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

// ---- colleagues' changes, live (ReceiveOrderChanged, docs/decisions/0063) -----------------------------------------

/** What an open detail or status dialog needs to say about a colleague's change that just arrived. */
export type LiveChange = {
  by: string | null;
  /** The shop completed it by itself (a wallet notice confirmed the payment); `by` is null then. */
  automatic: boolean;
  changes: OrderChangeKind[];
  deleted: boolean;
  updatedAt: string | null;
};

const DELETED_MEMORY = 500;
const deletedByClient = new WeakMap<QueryClient, Set<string>>();

/** True the first time an order's deletion is applied here; false when it already was (own answer and hub event). */
function forgetOnce(qc: QueryClient, id: string): boolean {
  let seen = deletedByClient.get(qc);
  if (!seen) deletedByClient.set(qc, (seen = new Set()));
  if (seen.has(id)) return false;
  seen.add(id);
  // Bounded: the oldest deletions leave first (a Set keeps insertion order).
  if (seen.size > DELETED_MEMORY) seen.delete(seen.values().next().value!);
  return true;
}

const figureTimers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();
/** Overview and SLA figures reload once after a burst (a bulk action is one event per order), not once per event. */
export const FIGURES_REFRESH_MS = 1000;
function refreshFiguresSoon(qc: QueryClient): void {
  if (figureTimers.has(qc)) return;
  figureTimers.set(
    qc,
    setTimeout(() => {
      figureTimers.delete(qc);
      void qc.invalidateQueries({ queryKey: orderKeys.summary() });
      void qc.invalidateQueries({ queryKey: orderKeys.sla() });
    }, FIGURES_REFRESH_MS),
  );
}

const instant = (iso: string) => Date.parse(iso);

/**
 * One cached copy of the order after the event, or the same object when the event brings nothing new to it. The
 * newest version wins: a copy with a later `updatedAt` (this tab's own answer came first, or a later change did)
 * keeps its fields; a read mark (which keeps `updatedAt`) only ever turns `isRead` on; the wallet's payment (which
 * keeps `updatedAt` too) sets `paymentState`. The verdict stays as cached: it has its own event.
 */
function merged(cached: OrderDto, event: OrderChangedEvent): OrderDto {
  const row = event.order!;
  const at = event.updatedAt ? instant(event.updatedAt) : NaN;
  if (at > instant(cached.updatedAt)) return { ...cached, ...row, isRead: cached.isRead || row.isRead };
  if (event.changes.includes('payment') && row.paymentState !== cached.paymentState) return { ...cached, paymentState: row.paymentState };
  if (row.isRead && !cached.isRead && at >= instant(cached.updatedAt)) return { ...cached, isRead: true };
  return cached;
}

/**
 * A colleague's change arrived from the hub (or this tab's own, echoed back): rows update in place wherever they are
 * cached — also in a filtered list the row may no longer match; it keeps its place until the list next loads, showing
 * its new state — a deleted order leaves, an open detail shows the new state and its timeline reloads. An echo of a
 * change this tab has already applied changes nothing, so nothing re-renders or flickers.
 */
export function applyOrderChange(qc: QueryClient, event: OrderChangedEvent): void {
  const id = event.orderId;
  if (event.deleted || !event.order) {
    if (deletedByClient.get(qc)?.has(id)) return;
    // Read by an open detail or status dialog, to say who deleted it instead of failing on it.
    qc.setQueryData<LiveChange>(orderKeys.live(id), liveOf(event));
    orderDeleted(qc, id);
    refreshFiguresSoon(qc);
    return;
  }
  const pages: Array<[QueryKey, Page<OrderDto>]> = [];
  let cachedSomewhere = false;
  for (const [key, data] of qc.getQueriesData<Page<OrderDto>>({ queryKey: orderKeys.lists() })) {
    if (!data || !Array.isArray(data.items)) continue;
    let changed = false;
    const items = data.items.map((o) => {
      if (o.id !== id) return o;
      cachedSomewhere = true;
      const next = merged(o, event);
      changed ||= next !== o;
      return next;
    });
    if (changed) pages.push([key, { ...data, items }]);
  }
  const detail = qc.getQueryData<OrderDto>(orderKeys.detail(id));
  const nextDetail = detail && merged(detail, event);
  cachedSomewhere ||= detail !== undefined;
  const applied = pages.length > 0 || nextDetail !== detail;
  if (applied) {
    // First who did it, then the order: an open page re-rendering with the new order can say who changed it.
    qc.setQueryData<LiveChange>(orderKeys.live(id), liveOf(event));
    for (const [key, page] of pages) qc.setQueryData(key, page);
    if (nextDetail !== detail) qc.setQueryData(orderKeys.detail(id), nextDetail);
    void qc.invalidateQueries({ queryKey: orderKeys.timeline(id) });
  }
  // Read elsewhere: its notifications were marked read with it, so they leave the bell.
  if (event.order.isRead) removeNotificationsOf(qc, id);
  // Not on any page here: it still counts in the overview and the SLA figures.
  if (applied || !cachedSomewhere) refreshFiguresSoon(qc);
}

const liveOf = (event: OrderChangedEvent): LiveChange => ({
  by: event.by,
  automatic: event.automatic ?? false,
  changes: event.changes,
  deleted: event.deleted,
  updatedAt: event.updatedAt,
});
