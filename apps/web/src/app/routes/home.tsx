// Home (/): banner carousel (or one banner when the shop has fewer than 3 games), the 'Most popular' grid with
// 'See More', and the order success toast. The first screen comes from the HTML, so it paints without a request.
import { useTranslation } from 'react-i18next';
import { useBannerList, useGameList } from '../../features/catalog/api/games';
import { GameGrid, GameGridSkeleton } from '../../features/catalog/components/game-grid';
import { HomeBanner } from '../../features/catalog/components/home-banner';
import { hasMore, useSeeMore } from '../../features/catalog/hooks/use-see-more';
import { ErrorView } from '../../features/storefront-shell/components/error-view';
import { useFlashMessage } from '../../features/storefront-shell/hooks/use-flash-message';
import { ApiError } from '../../lib/http';

export function HomePage() {
  const { t } = useTranslation('storefront');
  const { pageSize, more } = useSeeMore();
  const games = useGameList(pageSize);
  const banners = useBannerList();
  useFlashMessage();

  if (games.isError && !games.data) {
    return (
      <ErrorView
        onRetry={() => void Promise.all([games.refetch(), banners.refetch()])}
        message={games.error instanceof ApiError && games.error.code === 'network' ? undefined : games.error.message}
      />
    );
  }
  const items = games.data?.items ?? [];
  const total = games.data?.paging.totalCount ?? 0;
  const loadingMore = games.isFetching && games.isPlaceholderData;

  return (
    <main className="mx-auto max-w-6xl px-3 pt-4 sm:px-4">
      <h1 className="sr-only">{t('home.title')}</h1>
      {games.data && banners.data ? (
        <HomeBanner banners={banners.data} firstGame={items[0]} totalGames={total} />
      ) : (
        <div className="aspect-[3/1] w-full animate-pulse rounded-xl bg-slate-200" aria-hidden />
      )}
      <h2 className="mt-6 mb-3 text-xl font-bold">{t('home.popular')}</h2>
      {games.data ? (
        items.length ? (
          <GameGrid games={items} />
        ) : (
          <p className="py-8 text-center text-slate-600">{t('home.noGames')}</p>
        )
      ) : (
        <GameGridSkeleton />
      )}
      {hasMore(total, items.length) ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            onClick={more}
            disabled={loadingMore}
            aria-busy={loadingMore || undefined}
            className="h-11 rounded-lg border border-slate-300 bg-white px-6 font-medium text-slate-900 hover:bg-slate-50 disabled:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('home.seeMore')}
          </button>
        </div>
      ) : null}
    </main>
  );
}
