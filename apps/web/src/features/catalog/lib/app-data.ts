// The first screen's data that the server embeds in the HTML (<script type="application/json" id="app-data">,
// written by apps/server/src/plugins/web-app.ts), read once so the first paint needs no API round trip.
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { Page } from '@topup/contract/envelope';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';

export type AppData = {
  /** When the server read the data (ms since epoch): queries treat it as fetched then. */
  renderedAt: number;
  /** The shop's name, logo and contacts: on every page the server renders. */
  shopSettings?: ShopSettingsDto;
  bannerList?: GameDto[];
  /** The first page of the home grid (page 1, the home page size). */
  games?: Page<GameDto>;
  /** The game of /game/{id}; `null` when it is unknown or disabled (the server answered 404). */
  game?: GameDetailDto | null;
  gameId?: string;
};

let cached: AppData | null | undefined;

export function readAppData(): AppData | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    const text = typeof document !== 'undefined' ? document.getElementById('app-data')?.textContent : null;
    if (text) cached = JSON.parse(text) as AppData;
  } catch {
    cached = null;
  }
  return cached;
}

/** Tests replace the embedded data. */
export function setAppDataForTest(data: AppData | null): void {
  cached = data;
}
