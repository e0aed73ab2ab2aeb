// POST /api/v1/ConfigSetting (multipart): the new account goes on top and the count rises by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { request } from '../../../lib/http';
import { addToPages } from '../../../lib/page-cache';
import { paymentAccountFormData, type PaymentAccountFormValues } from './payment-account-form-data';
import { paymentAccountKeys } from './payment-account-keys';

export async function createPaymentAccount(values: PaymentAccountFormValues): Promise<PaymentAccountDto> {
  return (await request<PaymentAccountDto>('/api/v1/ConfigSetting', { method: 'POST', body: paymentAccountFormData(values) })).payLoad;
}

export function useCreatePaymentAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPaymentAccount, onSuccess: (item) => addToPages(qc, paymentAccountKeys.lists(), item) });
}
