// DELETE /api/v1/ConfigSetting/{id}: the account leaves the list and the count falls by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { removeFromPages } from '../../../lib/page-cache';
import { paymentAccountKeys } from './payment-account-keys';

export async function deletePaymentAccount(id: string): Promise<string> {
  await request<unknown>(`/api/v1/ConfigSetting/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return id;
}

export function useDeletePaymentAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePaymentAccount, onSuccess: (id) => removeFromPages(qc, paymentAccountKeys.lists(), id) });
}
