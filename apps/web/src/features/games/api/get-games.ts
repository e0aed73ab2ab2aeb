// GET /api/v1/Game: a page of games (all of them, disabled ones too, for a signed-in admin).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { GameDto } from '@topup/contract/games';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { gameKeys } from './game-keys';

export async function getGames(params: ListParams): Promise<Page<GameDto>> {
  return (await request<Page<GameDto>>('/api/v1/Game', { query: params })).payLoad;
}

export const gamesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: gameKeys.list(params), queryFn: () => getGames(params), placeholderData: keepPreviousData });

export function useGames(params: ListParams) {
  return useQuery(gamesQueryOptions(params));
}
