// DELETE /api/v1/game/{id}: the game leaves the list and the count falls by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { removeFromPages } from '../../../lib/page-cache';
import { gameKeys } from './game-keys';

export async function deleteGame(id: string): Promise<string> {
  await request<unknown>(`/api/v1/game/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return id;
}

export function useDeleteGame() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteGame, onSuccess: (id) => removeFromPages(qc, gameKeys.lists(), id) });
}
