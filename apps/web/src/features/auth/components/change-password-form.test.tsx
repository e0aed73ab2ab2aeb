import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const MUST_MATCH = 'New Password and Confirm Password must match.';

describe('Change Password', () => {
  it('checks the match live and on submit, and does not call the server while they differ', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => undefined);
    renderDashboard(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Old Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    expect(screen.queryByText(MUST_MATCH)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-pass');
    expect(screen.getByText(MUST_MATCH)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm New Password'), 'word-1');
    expect(screen.queryByText(MUST_MATCH)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(MUST_MATCH)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Password changed successfully!' for 4 seconds and clears the fields; shows the server's error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let fail = true;
    const calls = fakeServer(() =>
      fail
        ? { status: 400, message: 'The old password is not correct.', errors: { oldPassword: ['The old password is not correct.'] } }
        : { message: 'Password changed successfully!' },
    );
    renderDashboard(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Old Password'), 'wrong');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The old password is not correct.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/v1/User/change-password',
      body: { oldPassword: 'wrong', newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    expect(screen.getByLabelText('Old Password')).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(screen.getByText('Password changed successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Password changed successfully!')).not.toBeInTheDocument();
  });
});
