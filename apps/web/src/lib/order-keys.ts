// Query keys of the orders resource and of the bell's notifications (both live under /api/v1/Order), shared by the
// orders list, its workbench tools and the screenshot checks.
import type { ListParams } from './page-cache';

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (params: ListParams) => ['orders', 'list', params] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** Under the order's detail key: whatever refreshes or removes the order does the same to its timeline. */
  timeline: (id: string) => ['orders', 'detail', id, 'timeline'] as const,
  sla: () => ['orders', 'sla'] as const,
  operators: () => ['orders', 'operators'] as const,
  summary: () => ['orders', 'summary'] as const,
  /**
   * The last colleague's change to an order that arrived live (who, what, whether it was deleted), for the notices of
   * an open detail or status dialog. Outside ['orders', …] on purpose: no invalidation of the orders refetches it.
   */
  live: (id: string) => ['order-live', id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list', { currentPage: 1, pageSize: NOTIFICATIONS_PAGE_SIZE, searchTerm: '' }] as const,
};

/** The spec asks for 100000; the server clamps it to its maximum and still reports the true unread count. */
export const NOTIFICATIONS_PAGE_SIZE = 100_000;
