// Screenshot checks (issue 12): one order's check, "check again", orders by verdict, and how a pushed verdict is
// written into the cached order lists and details so rows update without a reload.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderVerdictEvent, OrderVerification, VerdictFilter } from '@topup/contract/verification';
import { request } from '../../../lib/http';

export const verificationKeys = {
  detail: (orderId: string) => ['verification', orderId] as const,
};

/**
 * Orders filtered by verdict live under the orders' list key, so pushes and mutations that touch lists reach them.
 * The filter counts as a search term (lib/page-cache.ts): a new order is never put on top of a filtered page, the
 * page reloads instead, since only the server knows whether it belongs.
 */
export const verdictListKey = (verdict: VerdictFilter, currentPage: number, pageSize: number) =>
  ['orders', 'list', 'verdict', verdict, { currentPage, pageSize, searchTerm: `verdict=${verdict}` }] as const;

export function useVerification(orderId: string) {
  return useQuery({
    queryKey: verificationKeys.detail(orderId),
    queryFn: async () => (await request<OrderVerification>(`/api/v1/Order/${encodeURIComponent(orderId)}/Verification`)).payLoad,
  });
}

export function useRecheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (await request<OrderVerification>(`/api/v1/Order/${encodeURIComponent(orderId)}/Verification`, { method: 'POST' })).payLoad,
    onSuccess: (v) => verdictChanged(qc, { orderId: v.orderId, verdict: v.verdict, isDuplicate: v.isDuplicate }),
  });
}

export function useOrdersByVerdict(verdict: VerdictFilter | null, currentPage: number, pageSize: number) {
  return useQuery({
    queryKey: verdictListKey(verdict ?? 'pending', currentPage, pageSize),
    queryFn: async () =>
      (await request<Page<OrderDto>>('/api/v1/Order/Verdict-List', { query: { verdict: verdict ?? 'pending', currentPage, pageSize } })).payLoad,
    enabled: verdict !== null,
    placeholderData: keepPreviousData,
  });
}

/** A verdict arrived (hub) or changed (check again): patch every cached copy of the order, reload its check. */
export function verdictChanged(qc: QueryClient, event: OrderVerdictEvent): void {
  const patch = (o: OrderDto): OrderDto => (o.id === event.orderId ? { ...o, verdict: event.verdict, isDuplicate: event.isDuplicate } : o);
  qc.setQueriesData<Page<OrderDto>>({ queryKey: ['orders', 'list'] }, (data) =>
    data && Array.isArray(data.items) && data.items.some((o) => o.id === event.orderId) ? { ...data, items: data.items.map(patch) } : data,
  );
  qc.setQueryData<OrderDto>(['orders', 'detail', event.orderId], (o) => (o ? patch(o) : o));
  void qc.invalidateQueries({ queryKey: verificationKeys.detail(event.orderId) });
  // Lists filtered by verdict may gain or lose this order.
  void qc.invalidateQueries({ queryKey: ['orders', 'list', 'verdict'] });
}
