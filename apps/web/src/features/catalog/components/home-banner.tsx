// The top of the home page: a looping carousel of the banner list when the shop has at least 3 games, otherwise
// one static banner of the first game.
import type { GameDto } from '@topup/contract/games';
import { BannerCarousel } from './banner-carousel';
import { BannerSlide } from './banner-slide';

/** Fewer games than this in total: a single static banner instead of the carousel. */
export const CAROUSEL_MIN_GAMES = 3;

export function HomeBanner({ banners, firstGame, totalGames }: { banners: GameDto[]; firstGame: GameDto | undefined; totalGames: number }) {
  if (totalGames >= CAROUSEL_MIN_GAMES && banners.length > 1) return <BannerCarousel slides={banners} />;
  const game = banners[0] ?? firstGame;
  if (!game) return null;
  return (
    <div data-testid="single-banner">
      <BannerSlide game={game} eager />
    </div>
  );
}
