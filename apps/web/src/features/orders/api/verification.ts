// Screenshot checks: one order's check, "check again", and how a pushed verdict is
// written into the cached order lists and details so rows update without a reload.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderVerdictEvent, OrderVerification } from '@topup/contract/verification';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export const verificationKeys = {
  detail: (orderId: string) => ['verification', orderId] as const,
};

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

/** A verdict arrived (hub) or changed (check again): patch every cached copy of the order, reload its check. */
export function verdictChanged(qc: QueryClient, event: OrderVerdictEvent): void {
  const patch = (o: OrderDto): OrderDto => (o.id === event.orderId ? { ...o, verdict: event.verdict, isDuplicate: event.isDuplicate } : o);
  qc.setQueriesData<Page<OrderDto>>({ queryKey: ['orders', 'list'] }, (data) =>
    data && Array.isArray(data.items) && data.items.some((o) => o.id === event.orderId) ? { ...data, items: data.items.map(patch) } : data,
  );
  qc.setQueryData<OrderDto>(['orders', 'detail', event.orderId], (o) => (o ? patch(o) : o));
  void qc.invalidateQueries({ queryKey: verificationKeys.detail(event.orderId) });
  // The check is a timeline entry too.
  void qc.invalidateQueries({ queryKey: orderKeys.timeline(event.orderId) });
  // Lists filtered by verdict (the orders list's `verdict` filter) may gain or lose this order.
  void qc.invalidateQueries({
    queryKey: ['orders', 'list'],
    predicate: (q) => {
      const params = q.queryKey[q.queryKey.length - 1];
      return typeof params === 'object' && params !== null && 'verdict' in params && Boolean((params as { verdict?: unknown }).verdict);
    },
  });
}
