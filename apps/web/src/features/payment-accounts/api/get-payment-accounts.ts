// GET /api/v1/ConfigSetting: the payment accounts (at most 4), 12 per page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import type { Page } from '@topup/contract/envelope';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { paymentAccountKeys } from './payment-account-keys';

export async function getPaymentAccounts(params: ListParams): Promise<Page<PaymentAccountDto>> {
  return (await request<Page<PaymentAccountDto>>('/api/v1/ConfigSetting', { query: params })).payLoad;
}

export const paymentAccountsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: paymentAccountKeys.list(params), queryFn: () => getPaymentAccounts(params), placeholderData: keepPreviousData });

export function usePaymentAccounts(params: ListParams) {
  return useQuery(paymentAccountsQueryOptions(params));
}
