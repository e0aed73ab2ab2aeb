// POST /api/v1/auth/Login: email and password for a token pair.
import type { LoginBody, TokenPair } from '@topup/contract/auth';
import { request } from '../../../lib/http';

export async function login(body: LoginBody): Promise<TokenPair> {
  return (await request<TokenPair>('/api/v1/auth/Login', { method: 'POST', body })).payLoad;
}
