// DELETE /api/v1/Order/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { orderDeleted } from './order-cache';

export async function deleteOrder(id: string): Promise<string> {
  await request<{ id: string }>(`/api/v1/Order/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return id;
}

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: (id) => orderDeleted(qc, id) });
}
