// One banner: the game's banner image at its 3:1 shape (so nothing moves while it loads), linking to the game.
// Only the first slide's image is in the server-rendered markup: the others are out of sight, and on a slow link
// they would share the bandwidth with the first one, the page's largest paint. They load once the app has hydrated.
import { Link } from 'react-router';
import type { GameDto } from '@topup/contract/games';
import { IMAGE_SLOTS, slotSrcSet } from '@topup/contract/images';
import { useHydrated } from '../../../lib/use-hydrated';

/** Banners are made 1200×400; the box keeps that ratio whatever the real file is. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

export function BannerSlide({ game, eager }: { game: GameDto; eager: boolean }) {
  const src = game.bannerImage ?? game.logo;
  const hydrated = useHydrated();
  return (
    <Link to={`/game/${game.id}`} className="relative block aspect-[3/1] w-full overflow-hidden rounded-xl bg-slate-200" draggable={false}>
      {src && !eager && !hydrated ? (
        <span className="sr-only">{game.title}</span>
      ) : src ? (
        <img
          src={src}
          srcSet={slotSrcSet(src, IMAGE_SLOTS.banner)}
          alt={game.title}
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          sizes={IMAGE_SLOTS.banner.sizes}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding={eager ? 'sync' : 'async'}
          draggable={false}
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="flex h-full items-center justify-center text-xl font-bold text-slate-700">{game.title}</span>
      )}
    </Link>
  );
}
