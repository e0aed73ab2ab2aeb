// The first screen's data the server embeds in its HTML answers (<script type="application/json" id="app-data">)
// and the web app reads once, so the first paint needs no API round trip. Written on the server by the first-screen
// area (apps/server/src/first-screen), read in the browser and by the web app's server renderer.
import type { Page } from './envelope.ts';
import type { GameDetailDto, GameDto } from './games.ts';
import type { Language } from './limits.ts';
import type { TrackedOrderDto } from './order-tracking.ts';
import type { ShopSettingsDto } from './shop-settings.ts';

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
  /** The code of /order/{code} as the address had it, and the buyer's view of the order (`null`: not found, 404). */
  trackedCode?: string;
  trackedOrder?: TrackedOrderDto | null;
  /** The language the server rendered the page's markup in; absent when it sent the empty shell. */
  language?: Language;
};
