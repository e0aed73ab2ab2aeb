// PUT /api/v1/User/{id}: changes a staff account's email; the answer replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UserDto } from '@topup/contract/users';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export async function updateUser(id: string, email: string, role?: Role): Promise<UserDto> {
  return (await request<UserDto>(`/api/v1/User/${encodeURIComponent(id)}`, { method: 'PUT', body: { email, ...(role ? { role } : {}) } }))
    .payLoad;
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email, role }: { id: string; email: string; role?: Role }) => updateUser(id, email, role),
    onSuccess: (user) => replaceInPages(qc, userKeys.lists(), user),
  });
}
