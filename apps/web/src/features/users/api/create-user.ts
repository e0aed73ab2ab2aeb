// POST /api/v1/Auth/Register: an admin adds a staff account; it goes on top and the count rises by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '@topup/contract/auth';
import type { UserDto } from '@topup/contract/users';
import { request } from '../../../lib/http';
import { addToPages } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export async function createUser(body: RegisterBody): Promise<UserDto> {
  return (await request<UserDto>('/api/v1/Auth/Register', { method: 'POST', body })).payLoad;
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: (user) => addToPages(qc, userKeys.lists(), user) });
}
