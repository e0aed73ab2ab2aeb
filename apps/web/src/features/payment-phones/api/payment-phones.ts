// /api/v1/PaymentPhone (owners): register a phone (URL and key answered once), list, revoke; the payment accounts
// a phone can receive for come from /api/v1/ConfigSetting.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import type { Page } from '@topup/contract/envelope';
import type { PaymentPhoneCreatedDto, PaymentPhoneDto, PaymentPhoneForm } from '@topup/contract/payment-phones';
import { request } from '../../../lib/http';

export const paymentPhoneKeys = { all: ['payment-phones'] as const, accounts: ['payment-phones', 'accounts'] as const };

export const usePaymentPhones = () =>
  useQuery({
    queryKey: paymentPhoneKeys.all,
    queryFn: async ({ signal }) => (await request<PaymentPhoneDto[]>('/api/v1/PaymentPhone', { signal })).payLoad,
  });

export const usePaymentAccounts = () =>
  useQuery({
    queryKey: paymentPhoneKeys.accounts,
    queryFn: async ({ signal }) =>
      (await request<Page<PaymentAccountDto>>('/api/v1/ConfigSetting', { query: { pageSize: 10 }, signal })).payLoad.items,
  });

export function useRegisterPhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PaymentPhoneForm) =>
      (await request<PaymentPhoneCreatedDto>('/api/v1/PaymentPhone', { method: 'POST', body })).payLoad,
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentPhoneKeys.all, exact: true }),
  });
}

export function useRevokePhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request<{ id: string }>(`/api/v1/PaymentPhone/${encodeURIComponent(id)}`, { method: 'DELETE' })).payLoad,
    onSuccess: ({ id }) =>
      qc.setQueryData<PaymentPhoneDto[]>(paymentPhoneKeys.all, (list = []) =>
        list.map((p) => (p.id === id ? { ...p, revokedAt: new Date().toISOString() } : p)),
      ),
  });
}
