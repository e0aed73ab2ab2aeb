// What the first screen needs from the modules: the interface they provide its data through (wired in
// module-sources.ts). The first-screen area reads no database and calls no module itself.
import type { Page } from '@topup/contract/envelope';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';

export type FirstScreenSources = {
  /** The shop's name, logo and contacts. */
  shopSettings(): Promise<ShopSettingsDto>;
  /** The home page's first page of games (the home page size) and its banner list. */
  home(): Promise<{ games: Page<GameDto>; bannerList: GameDto[] }>;
  /** A game a buyer may see; null when it is unknown or disabled. */
  game(id: string): Promise<GameDetailDto | null>;
  /** The buyer's view of an order; null when code and token don't match. */
  trackedOrder(code: string, token: string | undefined): Promise<TrackedOrderDto | null>;
};
