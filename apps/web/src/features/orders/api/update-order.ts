// PUT /api/v1/Order/{id} (multipart): staff change the status; the server records them as operator. Beyond the spec
// The reason or note of the change, and `expectedUpdatedAt` — the order as this client last saw it — so a
// change made meanwhile by someone else is refused with 409 instead of being overwritten.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@topup/contract/limits';
import type { CancelReason } from '@topup/contract/order-reasons';
import type { OrderDto } from '@topup/contract/orders';
import { ApiError, request } from '../../../lib/http';
import { orderChanged } from './order-cache';
import { orderKeys } from '../../../lib/order-keys';

export type OrderUpdate = {
  id: string;
  status: OrderStatus;
  cancelReason?: CancelReason;
  cancelNote?: string;
  statusNote?: string;
  expectedUpdatedAt?: string;
  /** Completing a flagged order anyway (duplicate or mismatch), and why; without it the server answers 409 orderFlagged. */
  overrideFlags?: true;
  overrideReason?: string;
};

export async function updateOrder({ id, ...fields }: OrderUpdate): Promise<OrderDto> {
  const form = new FormData();
  form.set('orderStatus', fields.status);
  for (const key of ['cancelReason', 'cancelNote', 'statusNote', 'expectedUpdatedAt', 'overrideReason'] as const) {
    const value = fields[key];
    if (value) form.set(key, value);
  }
  if (fields.overrideFlags) form.set('overrideFlags', 'True');
  return (await request<OrderDto>(`/api/v1/Order/${encodeURIComponent(id)}`, { method: 'PUT', body: form })).payLoad;
}

/** Someone else changed the order since it was loaded (409 orderChanged; a refused flagged completion is not one). */
export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409 && error.code !== 'orderFlagged';

export function useUpdateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => orderChanged(qc, order),
    onError: (error, { id }) => {
      // Show the order as it is now, so the next attempt starts from what the other person did.
      if (isConflict(error)) {
        void qc.invalidateQueries({ queryKey: orderKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: orderKeys.lists() });
      }
    },
  });
}
