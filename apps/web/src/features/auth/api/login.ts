// POST /api/v1/auth/Login: email and password for a token pair, or, with two-factor on, a challenge that
// POST /api/v1/auth/Login/two-factor completes with a code.
import type { LoginBody, TokenPair } from '@topup/contract/auth';
import type { LoginTwoFactorBody, TwoFactorChallenge } from '@topup/contract/two-factor';
import { request } from '../../../lib/http';

export async function login(body: LoginBody): Promise<TokenPair | TwoFactorChallenge> {
  return (await request<TokenPair | TwoFactorChallenge>('/api/v1/auth/Login', { method: 'POST', body })).payLoad;
}

export async function loginWithCode(body: LoginTwoFactorBody): Promise<TokenPair> {
  return (await request<TokenPair>('/api/v1/auth/Login/two-factor', { method: 'POST', body })).payLoad;
}
