// /api/v1/Push: this staff member's alert devices and preferences, and the owners' late-order share.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertPreferencesBody,
  AlertPreferencesDto,
  PushDeviceDto,
  PushSubscriptionBody,
  ShopAlertSettingsDto,
  VapidPublicKeyDto,
} from '@topup/contract/staff-alerts';
import { request } from '../../../lib/http';

export const devicesKey = ['push', 'devices'] as const;
const preferencesKey = ['push', 'preferences'] as const;
const shopAlertsKey = ['push', 'shop-alerts'] as const;

export async function vapidPublicKey(): Promise<string> {
  return (await request<VapidPublicKeyDto>('/api/v1/Push/VapidPublicKey')).payLoad.publicKey;
}

export async function saveSubscription(body: PushSubscriptionBody): Promise<PushDeviceDto> {
  return (await request<PushDeviceDto>('/api/v1/Push/Subscription', { method: 'POST', body })).payLoad;
}

export async function deleteSubscription(endpoint: string): Promise<void> {
  await request('/api/v1/Push/Subscription', { method: 'DELETE', body: { endpoint } });
}

export const devicesQuery = () =>
  queryOptions({
    queryKey: devicesKey,
    queryFn: async ({ signal }) => (await request<PushDeviceDto[]>('/api/v1/Push/Devices', { signal })).payLoad,
  });

export const useDevices = () => useQuery(devicesQuery());

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => void (await request(`/api/v1/Push/Devices/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

export const usePreferences = () =>
  useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }) => (await request<AlertPreferencesDto>('/api/v1/Push/Preferences', { signal })).payLoad,
  });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AlertPreferencesBody) =>
      (await request<AlertPreferencesDto>('/api/v1/Push/Preferences', { method: 'PUT', body })).payLoad,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export const useShopAlerts = () =>
  useQuery({
    queryKey: shopAlertsKey,
    queryFn: async ({ signal }) => (await request<ShopAlertSettingsDto>('/api/v1/Push/ShopAlerts', { signal })).payLoad,
  });

export function useSaveShopAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShopAlertSettingsDto) =>
      (await request<ShopAlertSettingsDto>('/api/v1/Push/ShopAlerts', { method: 'PUT', body })).payLoad,
    onSuccess: (saved) => queryClient.setQueryData(shopAlertsKey, saved),
  });
}
