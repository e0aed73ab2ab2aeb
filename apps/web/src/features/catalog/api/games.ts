// The public catalog calls: the home grid (GET /api/v1/Game), the banners (GET /api/v1/Game/BannerList) and
// a game with its packages and payment accounts (GET /api/v1/game/{id}); each seeded from the embedded first screen.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { Page } from '@topup/contract/envelope';
import { PAGE_SIZE } from '@topup/contract/limits';
import { ApiError, request } from '../../../lib/http';
import { readAppData } from '../../../lib/app-data';

export const gameKeys = {
  all: ['games'] as const,
  list: (pageSize: number) => ['games', 'list', { pageSize }] as const,
  banners: () => ['games', 'banners'] as const,
  detail: (id: string) => ['games', 'detail', id] as const,
};

export function gameListQuery(pageSize: number) {
  return queryOptions({
    queryKey: gameKeys.list(pageSize),
    queryFn: async ({ signal }) => (await request<Page<GameDto>>('/api/v1/Game', { query: { currentPage: 1, pageSize }, signal })).payLoad,
    initialData: () => {
      const data = readAppData();
      return data?.games && data.games.paging.pageSize === pageSize ? data.games : undefined;
    },
    initialDataUpdatedAt: () => readAppData()?.renderedAt,
    placeholderData: keepPreviousData,
  });
}

export function bannerListQuery() {
  return queryOptions({
    queryKey: gameKeys.banners(),
    queryFn: async ({ signal }) => ((await request<null>('/api/v1/Game/BannerList', { signal })).payLoadList as GameDto[] | null) ?? [],
    initialData: () => readAppData()?.bannerList,
    initialDataUpdatedAt: () => readAppData()?.renderedAt,
  });
}

export function gameDetailQuery(id: string) {
  return queryOptions({
    queryKey: gameKeys.detail(id),
    queryFn: async ({ signal }) => (await request<GameDetailDto>(`/api/v1/game/${encodeURIComponent(id)}`, { signal })).payLoad,
    initialData: () => {
      const data = readAppData();
      return data?.game && data.game.id === id ? data.game : undefined;
    },
    initialDataUpdatedAt: () => readAppData()?.renderedAt,
    // A 404 is an answer, not a hiccup: don't make a buyer on a slow network wait for a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export const useGameList = (pageSize: number = PAGE_SIZE.games) => useQuery(gameListQuery(pageSize));
export const useBannerList = () => useQuery(bannerListQuery());
export const useGameDetail = (id: string, enabled = true) => useQuery({ ...gameDetailQuery(id), enabled });

/** The server said this game does not exist for buyers (unknown or disabled), in the HTML or through the API. */
export function isKnownMissing(id: string): boolean {
  const data = readAppData();
  return data?.gameId === id && data.game === null;
}
