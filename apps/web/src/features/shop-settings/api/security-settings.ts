// GET and PUT /api/v1/ShopSettings/Security: whether everyone must use two-factor sign-in.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettingsDto } from '@topup/contract/shop-settings';
import { request } from '../../../lib/http';

const securityKey = ['shop-settings', 'security'] as const;

export const useSecuritySettings = () =>
  useQuery({
    queryKey: securityKey,
    queryFn: async ({ signal }) => (await request<SecuritySettingsDto>('/api/v1/ShopSettings/Security', { signal })).payLoad,
  });

export function useUpdateSecuritySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecuritySettingsDto) =>
      (await request<SecuritySettingsDto>('/api/v1/ShopSettings/Security', { method: 'PUT', body })).payLoad,
    onSuccess: (settings) => qc.setQueryData(securityKey, settings),
  });
}
