// GET/PUT /api/v1/AutoDelivery/Settings (the guardrails) and PUT /api/v1/AutoDelivery/Pause (the one switch that
// stops every automatic completion at once). Staff may read them; only owners change them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoDeliverySettingsBody, AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import { request } from '../../../lib/http';

export const autoDeliveryKey = ['auto-delivery', 'settings'] as const;

export function useAutoDeliverySettings() {
  return useQuery({
    queryKey: autoDeliveryKey,
    queryFn: async ({ signal }) => (await request<AutoDeliverySettingsDto>('/api/v1/AutoDelivery/Settings', { signal })).payLoad,
  });
}

export type Guardrails = Omit<AutoDeliverySettingsBody, 'paused'>;

/**
 * Saves the guardrails. The body also carries the pause switch: it is read from the server just before, so saving
 * limits never undoes a pause another owner made since this page loaded.
 */
export function useSaveAutoDeliverySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (limits: Guardrails) => {
      const { paused } = (await request<AutoDeliverySettingsDto>('/api/v1/AutoDelivery/Settings')).payLoad;
      const body: AutoDeliverySettingsBody = { ...limits, paused };
      return (await request<AutoDeliverySettingsDto>('/api/v1/AutoDelivery/Settings', { method: 'PUT', body })).payLoad;
    },
    onSuccess: (saved) => qc.setQueryData(autoDeliveryKey, saved),
  });
}

export function useSetAutoDeliveryPaused() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (paused: boolean) =>
      (await request<AutoDeliverySettingsDto>('/api/v1/AutoDelivery/Pause', { method: 'PUT', body: { paused } })).payLoad,
    onSuccess: (saved) => qc.setQueryData(autoDeliveryKey, saved),
  });
}
