// PUT /api/v1/ShopSettings (multipart): the answer replaces the settings every page reads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import { request } from '../../../lib/http';
import { setShopSettings } from '../../../lib/shop-settings';

export type ShopSettingsValues = Omit<ShopSettingsDto, 'logo' | 'deliveryMinutes'> & {
  deliveryMinutes: string;
  logo: File | null;
  removeLogo: boolean;
};

export function shopSettingsFormData(v: ShopSettingsValues): FormData {
  const form = new FormData();
  for (const key of [
    'shopName',
    'contactEmail',
    'phone',
    'telegramUrl',
    'viberUrl',
    'facebookUrl',
    'copyrightHolder',
    'timeZone',
    'deliveryMinutes',
  ] as const) {
    form.set(key, v[key].trim());
  }
  form.set('removeLogo', v.removeLogo && !v.logo ? 'True' : 'False');
  if (v.logo) form.set('file_Logo', v.logo);
  return form;
}

export function useUpdateShopSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (values: ShopSettingsValues) =>
      (await request<ShopSettingsDto>('/api/v1/ShopSettings', { method: 'PUT', body: shopSettingsFormData(values) })).payLoad,
    onSuccess: (settings) => setShopSettings(qc, settings),
  });
}
