// The modules' side of FirstScreenSources: their public services, read as an anonymous buyer would. The only file of
// the first-screen area that knows the modules; the modules don't know the first screen.
import { PAGE_SIZE } from '@topup/contract/limits';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { bannerList, gameDetail, listGames } from '../modules/games/games.service.ts';
import { findTracked } from '../modules/order-tracking/order-tracking.service.ts';
import { getShopSettings } from '../modules/shop-settings/shop-settings.service.ts';
import type { FirstScreenSources } from './sources.ts';

/** The value of `read`, or null when the module answers "not found" (404); any other failure is thrown on. */
async function orNullWhenNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
}

export function moduleSources(ctx: AppContext): FirstScreenSources {
  return {
    shopSettings: () => getShopSettings(ctx),
    home: async () => {
      const [games, banners] = await Promise.all([
        listGames(ctx, { searchTerm: '', currentPage: 1, pageSize: PAGE_SIZE.games }, null),
        bannerList(ctx),
      ]);
      return { games, bannerList: banners };
    },
    game: (id) => orNullWhenNotFound(() => gameDetail(ctx, id, null)),
    trackedOrder: async (code, token) => (await orNullWhenNotFound(() => findTracked(ctx, code, token)))?.order ?? null,
  };
}
