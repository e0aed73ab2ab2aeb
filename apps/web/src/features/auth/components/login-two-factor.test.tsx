import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { sessionActions } from '../hooks/session-store';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionActions.reset();
  localStorage.clear();
});

const jwt = (claims: Record<string, unknown>) => {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
};

describe('Login with two-factor on', () => {
  it('asks for the code after the password, shows a wrong code, and signs in with the right one', async () => {
    const user = userEvent.setup();
    const access = jwt({ sub: 'u1', email: 'owner@shop.test', sid: 's1' });
    const calls = fakeServer((call) => {
      if (/\/auth\/Login$/.test(call.url))
        return {
          payLoad: { twoFactorRequired: true, challengeToken: 'ch-1', expiresInSeconds: 300 },
          message: 'Enter the 6-digit code from your authenticator app.',
        };
      const code = (call.body as { code: string }).code;
      if (code === '111111')
        return {
          status: 400,
          message: 'That code is not correct or was already used.',
          errors: { code: ['That code is not correct or was already used.'] },
        };
      return { payLoad: { accessToken: access, refreshToken: 'r1' } };
    });
    renderDashboard(<LoginForm />, { path: '/login', route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'owner@shop.test');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await screen.findByRole('heading', { name: 'Enter your code' });
    // No tokens from the password alone.
    expect(localStorage.getItem('authToken')).toBeNull();
    await user.type(screen.getByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct or was already used.');

    await user.type(screen.getByLabelText('Code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(localStorage.getItem('authToken')).toBe(access));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/Login/two-factor',
      body: { challengeToken: 'ch-1', code: '222222' },
    });
  });
});
