// The 'Most popular' grid: each game's logo and title linking to its page. The server never lists disabled
// games to buyers; the grid drops any that slip through (e.g. a stale cache) all the same.
import { Link } from 'react-router';
import type { GameDto } from '@topup/contract/games';
import { variantSrcSet } from '@topup/contract/images';

/** Cards in the first rows on a phone load at once; the rest wait until scrolled near. */
const EAGER_CARDS = 4;
const LOGO_SIZE = 256;

export function GameGrid({ games }: { games: GameDto[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="game-grid">
      {games
        .filter((g) => !g.isDisable)
        .map((game, i) => (
          <li key={game.id}>
            <Link
              to={`/game/${game.id}`}
              className="group block rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="block aspect-square overflow-hidden rounded-lg bg-slate-100">
                {game.logo ? (
                  <img
                    src={game.logo}
                    srcSet={variantSrcSet(game.logo, 96, 480)}
                    alt=""
                    width={LOGO_SIZE}
                    height={LOGO_SIZE}
                    sizes="(min-width: 1024px) 170px, (min-width: 640px) 25vw, 33vw"
                    loading={i < EAGER_CARDS ? 'eager' : 'lazy'}
                    decoding="async"
                    className="h-full w-full object-cover transition group-hover:scale-105"
                  />
                ) : null}
              </span>
              <span className="mt-2 line-clamp-2 block min-h-[2.75rem] text-center text-sm font-medium text-slate-800">{game.title}</span>
            </Link>
          </li>
        ))}
    </ul>
  );
}

export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-xl bg-white p-2 ring-1 ring-slate-200">
          <span className="block aspect-square animate-pulse rounded-lg bg-slate-200" />
          <span className="mt-2 block h-10 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
