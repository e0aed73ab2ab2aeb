// POST /api/v1/ConfigSetting (multipart): the new account goes on top and the count rises by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { request } from '../../../lib/http';
import { addToPages } from '../../../lib/page-cache';
import { configSettingFormData, type ConfigSettingFormValues } from './payment-account-form-data';
import { configSettingKeys } from './payment-account-keys';

export async function createConfigSetting(values: ConfigSettingFormValues): Promise<PaymentAccountDto> {
  return (await request<PaymentAccountDto>('/api/v1/ConfigSetting', { method: 'POST', body: configSettingFormData(values) })).payLoad;
}

export function useCreateConfigSetting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createConfigSetting, onSuccess: (item) => addToPages(qc, configSettingKeys.lists(), item) });
}
