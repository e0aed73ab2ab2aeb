// POST /api/v1/Order/Clean-Order: deletes finished orders older than the window; answers the server's message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanOrderBody } from '@topup/contract/orders';
import { request } from '../../../lib/http';
import { notificationKeys, orderKeys } from '../../../lib/order-keys';

export async function cleanOrders(body: CleanOrderBody): Promise<string> {
  return (await request<{ deletedCount: number }>('/api/v1/Order/Clean-Order', { method: 'POST', body })).message;
}

export function useCleanOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cleanOrders,
    // Which orders went is not known here: the shown page reloads (one page, not the whole list).
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
