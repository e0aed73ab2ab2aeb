// POST /api/v1/Order/Bulk: one action on the selected orders (by id) or on all matching the list's filter. Each order
// succeeds or fails on its own; the answer says which failed and why. Lists, bell and figures then load again, since
// which pages the changed orders sit on is not known here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkActionBody, BulkActionResult } from '@topup/contract/order-list';
import { request } from '../../../lib/http';
import { notificationKeys, orderKeys } from '../../../lib/order-keys';

export type BulkRequest = Omit<BulkActionBody, 'filter'> & { filter?: Partial<NonNullable<BulkActionBody['filter']>> };

export async function bulkAction(body: BulkRequest): Promise<BulkActionResult> {
  return (await request<BulkActionResult>('/api/v1/Order/Bulk', { method: 'POST', body })).payLoad;
}

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkAction,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
