// PUT /api/v1/Order/{id} (multipart): the admin changes the status; the server records them as operator.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@topup/contract/limits';
import type { OrderDto } from '@topup/contract/orders';
import { request } from '../../../lib/http';
import { orderChanged } from './order-cache';

export async function updateOrder(id: string, status: OrderStatus): Promise<OrderDto> {
  const form = new FormData();
  form.set('orderStatus', status);
  return (await request<OrderDto>(`/api/v1/Order/${encodeURIComponent(id)}`, { method: 'PUT', body: form })).payLoad;
}

export function useUpdateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => updateOrder(id, status),
    onSuccess: (order) => orderChanged(qc, order),
  });
}
