// POST /api/v1/auth/Forgot-password: mails a reset link; answers the server's message.
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@topup/contract/auth';
import { request } from '../../../lib/http';

export async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  return (await request<null>('/api/v1/auth/Forgot-password', { method: 'POST', body })).message;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
