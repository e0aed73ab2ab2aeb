// PUT /api/v1/ConfigSetting/{id} (multipart): the answer replaces the cached account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { configSettingFormData, type ConfigSettingFormValues } from './payment-account-form-data';
import { configSettingKeys } from './payment-account-keys';

export async function updateConfigSetting(id: string, values: ConfigSettingFormValues): Promise<PaymentAccountDto> {
  return (
    await request<PaymentAccountDto>(`/api/v1/ConfigSetting/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: configSettingFormData(values),
    })
  ).payLoad;
}

export function useUpdateConfigSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ConfigSettingFormValues }) => updateConfigSetting(id, values),
    onSuccess: (item) => replaceInPages(qc, configSettingKeys.lists(), item),
  });
}
