// DELETE /api/v1/User/{id} (answers payLoad.id). Wired as the spec says, though the page shows no delete button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { removeFromPages } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export async function deleteUser(id: string): Promise<string> {
  const res = await request<{ id: string } | null>(`/api/v1/User/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return res.payLoad?.id ?? id;
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: (id) => removeFromPages(qc, userKeys.lists(), id) });
}
