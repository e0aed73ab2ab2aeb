// PUT /api/v1/User/{id}: changes a staff account's email; the answer replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@topup/contract/users';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export async function updateUser(id: string, email: string): Promise<UserDto> {
  return (await request<UserDto>(`/api/v1/User/${encodeURIComponent(id)}`, { method: 'PUT', body: { email } })).payLoad;
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => updateUser(id, email),
    onSuccess: (user) => replaceInPages(qc, userKeys.lists(), user),
  });
}
