import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { sessionActions } from '../hooks/session-store';
import { ForgetPasswordForm } from './forget-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionActions.reset();
});

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

describe('Login', () => {
  it("shows the server's message and clears the password (keeping the email) on failure; stores the tokens and user on success", async () => {
    const user = userEvent.setup();
    let ok = false;
    const access = jwt({ sub: 'u1', email: 'admin@shop.test', sid: 's1' });
    fakeServer(() =>
      ok ? { payLoad: { accessToken: access, refreshToken: 'r1' } } : { status: 401, message: 'Wrong email or password.' },
    );
    renderDashboard(<LoginForm />, { path: '/login', route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'admin@shop.test');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    // A typo in the password does not cost the email: it stays, and the cursor waits in the password.
    expect(screen.getByLabelText('Email')).toHaveValue('admin@shop.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();

    ok = true;
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(localStorage.getItem('authToken')).toBe(access));
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual({ id: 'u1', email: 'admin@shop.test' });
  });

  it("says 'Network Error' when the server can't be reached", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderDashboard(<LoginForm />, { path: '/login', route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'admin@shop.test');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });
});

describe('Forgot and reset password', () => {
  it('sends the email and goes to /login', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => ({ message: 'If that email belongs to an account, a reset link has been sent.' }));
    renderDashboard(<ForgetPasswordForm />, { path: '/forget-password', route: '/forget-password' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    await user.type(screen.getByLabelText('Email'), 'admin@shop.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await vi.waitFor(() =>
      expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/Forgot-password', body: { email: 'admin@shop.test' } }),
    );
  });

  it('sets a new password from the mailed link, checking the match', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => ({ message: 'Your password has been reset. You can sign in now.' }));
    renderDashboard(<ResetPasswordForm />, { path: '/reset-password?token=abc123', route: '/reset-password' });
    await user.type(screen.getByLabelText('New Password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-passw0rd');
    expect(screen.getByText('New Password and Confirm Password must match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() =>
      expect(calls[0]).toMatchObject({
        url: '/api/v1/auth/Reset-password',
        body: { token: 'abc123', newPassword: 'a-new-password', confirmPassword: 'a-new-password' },
      }),
    );
  });

  it('explains a link without a token', () => {
    renderDashboard(<ResetPasswordForm />, { path: '/reset-password', route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
  });
});
