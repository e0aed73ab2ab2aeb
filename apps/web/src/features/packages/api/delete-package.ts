// DELETE /api/v1/TokenPackage/{id} (answers payLoad.id): the package leaves the list and the count falls by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { removeFromPages } from '../../../lib/page-cache';
import { packageKeys } from './package-keys';

export async function deletePackage(id: string): Promise<string> {
  const res = await request<{ id: string } | null>(`/api/v1/TokenPackage/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return res.payLoad?.id ?? id;
}

export function useDeletePackage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePackage, onSuccess: (id) => removeFromPages(qc, packageKeys.lists(), id) });
}
