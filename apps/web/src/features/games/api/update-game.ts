// PUT /api/v1/game/{id} (multipart): images are sent only when replaced; the answer replaces the cached game.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameDto } from '@topup/contract/games';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { gameFormData, type GameFormValues } from './game-form-data';
import { gameKeys } from './game-keys';

export async function updateGame(id: string, values: GameFormValues): Promise<GameDto> {
  return (await request<GameDto>(`/api/v1/game/${encodeURIComponent(id)}`, { method: 'PUT', body: gameFormData(values) })).payLoad;
}

export function useUpdateGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: GameFormValues }) => updateGame(id, values),
    onSuccess: (game) => replaceInPages(qc, gameKeys.lists(), game),
  });
}
