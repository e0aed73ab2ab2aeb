import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { UserFormDialog } from './user-form-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('User form', () => {
  it('asks for a password only on create, and needs it there', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) =>
      c.method === 'POST' ? { status: 201, payLoad: { id: 'u2', email: 'staff@shop.test', emailConfirmed: false } } : undefined,
    );
    const onOpenChange = vi.fn();
    renderDashboard(<UserFormDialog open onOpenChange={onOpenChange} user={null} />);
    const create = screen.getByRole('button', { name: 'Create' });
    await user.type(screen.getByLabelText(/Email/), 'staff@shop.test');
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'secret-password');
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      body: { email: 'staff@shop.test', password: 'secret-password' },
    });
  });

  it('edits the email only', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => ({ payLoad: { id: 'u1', email: 'new@shop.test', emailConfirmed: true } }));
    renderDashboard(
      <UserFormDialog
        open
        onOpenChange={() => {}}
        user={{ id: 'u1', email: 'old@shop.test', emailConfirmed: true, role: 'staff', twoFactorEnabled: false }}
      />,
    );
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Email/));
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), 'new@shop.test');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/v1/User/u1', body: { email: 'new@shop.test' } });
  });

  it('sends the role only when it changed', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => ({ payLoad: { id: 'u1', email: 'old@shop.test', emailConfirmed: true, role: 'owner' } }));
    const onOpenChange = vi.fn();
    renderDashboard(
      <UserFormDialog
        open
        onOpenChange={onOpenChange}
        user={{ id: 'u1', email: 'old@shop.test', emailConfirmed: true, role: 'staff', twoFactorEnabled: false }}
      />,
    );
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    await user.selectOptions(screen.getByRole('combobox'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/v1/User/u1', body: { email: 'old@shop.test', role: 'owner' } });
  });
});
