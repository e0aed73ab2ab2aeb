// PUT /api/v1/User/{id}: changes a staff account's email, and its role when given; the answer replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UserDto } from '@topup/contract/users';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export type UserUpdate = { email: string; role?: Role };

export async function updateUser(id: string, { email, role }: UserUpdate): Promise<UserDto> {
  return (await request<UserDto>(`/api/v1/User/${encodeURIComponent(id)}`, { method: 'PUT', body: { email, ...(role ? { role } : {}) } }))
    .payLoad;
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UserUpdate }) => updateUser(id, values),
    onSuccess: (user) => replaceInPages(qc, userKeys.lists(), user),
  });
}
