// GET /api/v1/ConfigSetting: the payment accounts (at most 4), 12 per page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import type { Page } from '@topup/contract/envelope';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { configSettingKeys } from './payment-account-keys';

export async function getConfigSettings(params: ListParams): Promise<Page<PaymentAccountDto>> {
  return (await request<Page<PaymentAccountDto>>('/api/v1/ConfigSetting', { query: params })).payLoad;
}

export const configSettingsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: configSettingKeys.list(params), queryFn: () => getConfigSettings(params), placeholderData: keepPreviousData });

export function useConfigSettings(params: ListParams) {
  return useQuery(configSettingsQueryOptions(params));
}
