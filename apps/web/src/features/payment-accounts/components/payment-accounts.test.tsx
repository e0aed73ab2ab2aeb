import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { PaymentAccountsPage } from './payment-accounts-page';
import { PaymentAccountFormDialog } from './payment-account-form-dialog';

afterEach(() => vi.unstubAllGlobals());

const account = (n: number) => ({
  id: `c${n}`,
  paymentName: `Pay ${n}`,
  phone: `0900000${n}`,
  orderIndex: n,
  logo: null,
  isActive: true,
  holderName: null,
  paymentMethod: 'NORMAL' as const,
});

describe('ConfigSetting page and form', () => {
  it('hides Add ConfigSetting once 4 exist, and shows it again after a delete', async () => {
    const user = userEvent.setup();
    fakeServer((c) => {
      if (c.method === 'GET') return { payLoad: pageOf([1, 2, 3, 4].map(account)) };
      if (c.method === 'DELETE') return { payLoad: { id: 'c2' } };
    });
    renderDashboard(<PaymentAccountsPage />);
    expect(await screen.findByText('Pay 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add ConfigSetting' })).not.toBeInTheDocument();

    const row = screen.getByText('Pay 2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ConfigSetting?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Pay 2')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add ConfigSetting' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 — 3 items')).toBeInTheDocument();
  });

  it('pauses and activates an account in place, and says why when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const calls = fakeServer((c) => {
      if (c.method === 'GET') return { payLoad: pageOf([account(1), { ...account(2), isActive: false }]) };
      if (c.method === 'PUT') {
        const b = c.body as Record<string, string>;
        if (refuse)
          return {
            status: 409,
            message: 'At least one payment account must stay active while any game is on sale.',
            errors: { isActive: ['x'] },
          };
        return { payLoad: { ...account(Number(c.url.slice(-1))), isActive: b.isActive === 'True' } };
      }
    });
    renderDashboard(<PaymentAccountsPage />);
    const row2 = (await screen.findByText('Pay 2')).closest('tr')!;
    expect(within(row2).getByText('Paused')).toBeInTheDocument();
    await user.click(within(row2).getByRole('button', { name: 'Activate' }));
    await within(row2).findByText('Active');
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/ConfigSetting/c2',
      body: { paymentName: 'Pay 2', isActive: 'True' },
    });

    refuse = true;
    const row1 = screen.getByText('Pay 1').closest('tr')!;
    await user.click(within(row1).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At least one payment account must stay active');
    expect(within(row1).getByText('Active')).toBeInTheDocument();
  });

  it('asks for the order index only when editing, needs name and phone, and parses integers', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) =>
      c.method === 'PUT'
        ? { payLoad: { ...account(1), orderIndex: 7 } }
        : c.method === 'POST'
          ? { status: 201, payLoad: account(9) }
          : undefined,
    );
    const { unmount } = renderDashboard(<PaymentAccountFormDialog open onOpenChange={() => {}} item={null} />);
    expect(screen.getByRole('heading', { name: 'Add New ConfigSetting' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Order Index/)).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/Payment Name/), 'KBZPay');
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/Phone/), '09123456789');
    expect(create).toBeEnabled();
    unmount();

    const onOpenChange = vi.fn();
    renderDashboard(<PaymentAccountFormDialog open onOpenChange={onOpenChange} item={account(1)} />);
    expect(screen.getByRole('heading', { name: 'Edit ConfigSetting' })).toBeInTheDocument();
    const orderIndex = screen.getByLabelText(/Order Index/);
    const update = screen.getByRole('button', { name: 'Update' });
    await user.clear(orderIndex);
    await user.type(orderIndex, '0');
    expect(update).toBeDisabled();
    await user.clear(orderIndex);
    await user.type(orderIndex, '7.9');
    expect(update).toBeEnabled();
    await user.click(update);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/ConfigSetting/c1',
      body: { paymentName: 'Pay 1', phone: '09000001', orderIndex: '7' },
    });
  });
});
