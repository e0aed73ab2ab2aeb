// An invited colleague's first minutes: the invitation is "set your password" with their email filled in, then the
// sign-in page has it too; the login form answers an empty field in the page's language (no browser bubble); the
// recovery codes can be copied and downloaded; the authenticator key is grouped in fours.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeServer, renderDashboard } from '../components/dashboard/test-utils';
import { LoginForm } from '../features/auth/components/login-form';
import { AcceptInvitationPage } from '../features/invitations/components/accept-invitation-page';
import { groupKey, TwoFactorPage } from '../features/two-factor/components/two-factor-page';

afterEach(() => vi.unstubAllGlobals());

describe('accepting an invitation', () => {
  it('is "set your password" with the email filled, checks the passwords itself, and lands on sign-in with the email there', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.url === '/api/v1/Invitation/preview')
        return { payLoad: { email: 'mya@shop.test', role: 'staff', shopName: 'Golden Top-up', expiresAt: '2026-11-27T00:00:00Z' } };
      if (c.url === '/api/v1/Invitation/accept') return { payLoad: { email: 'mya@shop.test' } };
    });
    renderDashboard(
      <Routes>
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="/login" element={<LoginForm />} />
      </Routes>,
      { path: '/accept-invitation?token=abc' },
    );
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your sign-in email')).toHaveValue('mya@shop.test');
    expect(screen.getByLabelText('Your sign-in email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('button', { name: 'Create my account' }).closest('form')).toHaveAttribute('novalidate');

    await user.type(screen.getByLabelText(/New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 8 characters.');
    expect(screen.getByLabelText(/New password/)).toHaveFocus();
    await user.type(screen.getByLabelText(/New password/), '-and-long');
    await user.type(screen.getByLabelText(/Confirm password/), 'different-one');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(calls.some((c) => c.url === '/api/v1/Invitation/accept')).toBe(false);

    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'short-and-long');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('mya@shop.test');
    expect(screen.getByText('Your password is set. Sign in with it now.')).toBeInTheDocument();
    // Not the page's title repeated as a message.
    expect(screen.queryByText('Set your password')).not.toBeInTheDocument();
  });
});

describe('sign-in form', () => {
  it('answers an empty field itself, in the page language, without asking the server', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => undefined);
    renderDashboard(<LoginForm />, { path: '/login', route: '/login' });
    expect(screen.getByRole('button', { name: 'Login' }).closest('form')).toHaveAttribute('novalidate');
    await user.type(screen.getByLabelText('Email'), 'a@shop.test');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email and your password.');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });
});

describe('two-factor set-up', () => {
  it('groups the key in fours', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
  });

  it('shows the grouped key, and the recovery codes can be copied and downloaded', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (created.push(b), 'blob:codes')), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    fakeServer((c) => {
      if (c.url === '/api/v1/User/me')
        return { payLoad: { id: 'u1', email: 'mya@shop.test', role: 'staff', twoFactorEnabled: false, mustEnableTwoFactor: false } };
      if (c.url.endsWith('/setup'))
        return { payLoad: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AA', otpauthUrl: 'otpauth://x' } };
      if (c.url.endsWith('/enable')) return { payLoad: { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] } };
    });
    renderDashboard(<TwoFactorPage />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb');

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith('aaaa-bbbb\ncccc-dddd');
    expect(await screen.findByText('Recovery codes copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download as a file' }));
    expect(clicked).toEqual(['Top-up-Shop-recovery-codes.txt']);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await created[0]!.text()).toContain('aaaa-bbbb\ncccc-dddd');
  });
});
