// POST /api/v1/auth/Reset-password: the mailed link's token and a new password.
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@topup/contract/auth';
import { request } from '../../../lib/http';

export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return (await request<null>('/api/v1/auth/Reset-password', { method: 'POST', body })).message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
