// GET /api/v1/Game with page size 1000: every game, for the package form's game list and the orders' game filter.
// Always fresh when a form opens, since games are edited on another page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { GameDto } from '@topup/contract/games';
import { PAGE_SIZE } from '@topup/contract/limits';
import { request } from './http';

/** Under the packages' key: whatever refreshes the packages refreshes these choices too. */
const gameOptionsKey = () => ['tokenPackages', 'gameOptions'] as const;

export type GameOption = { id: string; title: string };

export async function getGameOptions(): Promise<GameOption[]> {
  const page = (await request<Page<GameDto>>('/api/v1/Game', { query: { currentPage: 1, pageSize: PAGE_SIZE.gamesForPackageForm } }))
    .payLoad;
  return page.items.map((g) => ({ id: g.id, title: g.title }));
}

export const gameOptionsQueryOptions = () => queryOptions({ queryKey: gameOptionsKey(), queryFn: getGameOptions, staleTime: 0 });

export function useGameOptions() {
  return useQuery(gameOptionsQueryOptions());
}
