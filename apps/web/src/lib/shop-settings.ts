// The shop's identity (name, logo, contacts, delivery promise, time zone) for the storefront, the sign-in pages and
// the dashboard. The server puts it into every HTML page it renders, so the first paint needs no request. An owner's
// change replaces it at once in their own tab (setShopSettings); pages open elsewhere (a buyer's storefront left open)
// read it again when the tab comes back into view and every few minutes while it is shown — one small request,
// never while the tab is hidden.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import { DEFAULT_SHOP_SETTINGS } from '@topup/contract/shop-settings-defaults';
import { readAppData } from './app-data';
import { request } from './http';

export const shopSettingsKey = ['shop-settings'] as const;
export const SHOP_SETTINGS_FRESH_MS = 60_000;
export const SHOP_SETTINGS_POLL_MS = 5 * 60_000;

export function shopSettingsQuery() {
  return queryOptions({
    queryKey: shopSettingsKey,
    queryFn: async ({ signal }) => (await request<ShopSettingsDto>('/api/v1/ShopSettings', { signal })).payLoad,
    initialData: () => readAppData()?.shopSettings,
    initialDataUpdatedAt: () => readAppData()?.renderedAt,
    // Rarely changed, and every page load brings them fresh in the HTML: a minute old is fresh enough to skip a request.
    staleTime: SHOP_SETTINGS_FRESH_MS,
    refetchOnWindowFocus: true,
    refetchInterval: SHOP_SETTINGS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** The settings, or the first-run defaults while they load (or when the server can't be reached). */
export function useShopSettings(): ShopSettingsDto {
  return useQuery(shopSettingsQuery()).data ?? DEFAULT_SHOP_SETTINGS;
}

export function setShopSettings(client: QueryClient, settings: ShopSettingsDto): void {
  client.setQueryData(shopSettingsKey, settings);
}

/** The built-in logo when the owner uploaded none. */
export const logoUrlOf = (settings: ShopSettingsDto): string => settings.logo ?? '/favicon.svg';

/** The page language's copyright line (with the holder already in it), the year filled in. */
export function copyrightLine(translated: string, now = new Date()): string {
  return translated.replace('{year}', String(now.getFullYear()));
}
