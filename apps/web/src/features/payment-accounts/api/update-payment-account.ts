// PUT /api/v1/ConfigSetting/{id} (multipart): the answer replaces the cached account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { paymentAccountFormData, type PaymentAccountFormValues } from './payment-account-form-data';
import { paymentAccountKeys } from './payment-account-keys';

export async function updatePaymentAccount(id: string, values: PaymentAccountFormValues): Promise<PaymentAccountDto> {
  return (
    await request<PaymentAccountDto>(`/api/v1/ConfigSetting/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: paymentAccountFormData(values),
    })
  ).payLoad;
}

export function useUpdatePaymentAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PaymentAccountFormValues }) => updatePaymentAccount(id, values),
    onSuccess: (item) => replaceInPages(qc, paymentAccountKeys.lists(), item),
  });
}
