// DELETE /api/v1/ConfigSetting/{id}: the account leaves the list and the count falls by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { removeFromPages } from '../../../lib/page-cache';
import { configSettingKeys } from './payment-account-keys';

export async function deleteConfigSetting(id: string): Promise<string> {
  await request<unknown>(`/api/v1/ConfigSetting/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return id;
}

export function useDeleteConfigSetting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteConfigSetting, onSuccess: (id) => removeFromPages(qc, configSettingKeys.lists(), id) });
}
