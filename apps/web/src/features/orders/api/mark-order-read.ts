// PUT /api/v1/Order/isRead/{id}: marks the order and all its notifications read; answers the order, which then
// replaces the cached one (no refetch of the whole list, unlike the spec's 10000-row reload).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '@topup/contract/orders';
import { request } from '../../../lib/http';
import { orderChanged, removeNotificationsOf } from './order-cache';

export async function markOrderRead(id: string): Promise<OrderDto> {
  return (await request<OrderDto>(`/api/v1/Order/isRead/${encodeURIComponent(id)}`, { method: 'PUT' })).payLoad;
}

export function useMarkOrderRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markOrderRead,
    onSuccess: (order) => {
      orderChanged(qc, order);
      removeNotificationsOf(qc, order.id);
    },
  });
}
