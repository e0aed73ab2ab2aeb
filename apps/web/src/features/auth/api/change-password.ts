// POST /api/v1/User/change-password: the signed-in admin's own password.
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@topup/contract/auth';
import { request } from '../../../lib/http';

export async function changePassword(body: ChangePasswordBody): Promise<string> {
  return (await request<null>('/api/v1/User/change-password', { method: 'POST', body })).message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
