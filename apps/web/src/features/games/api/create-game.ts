// POST /api/v1/Game (multipart): the new game goes on top of the list and the count rises by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameDto } from '@topup/contract/games';
import { request } from '../../../lib/http';
import { addToPages } from '../../../lib/page-cache';
import { gameFormData, type GameFormValues } from './game-form-data';
import { gameKeys } from './game-keys';

export async function createGame(values: GameFormValues): Promise<GameDto> {
  return (await request<GameDto>('/api/v1/Game', { method: 'POST', body: gameFormData(values) })).payLoad;
}

export function useCreateGame() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createGame, onSuccess: (game) => addToPages(qc, gameKeys.lists(), game) });
}
