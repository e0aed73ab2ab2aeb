import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { ConfigSettingsPage } from './config-settings-page';
import { ConfigSettingFormDialog } from './config-setting-form-dialog';

afterEach(() => vi.unstubAllGlobals());

const account = (n: number) => ({ id: `c${n}`, paymentName: `Pay ${n}`, phone: `0900000${n}`, orderIndex: n, logo: null });

describe('ConfigSetting page and form (spec §5)', () => {
  it('hides Add ConfigSetting once 4 exist, and shows it again after a delete', async () => {
    const user = userEvent.setup();
    fakeServer((c) => {
      if (c.method === 'GET') return { payLoad: pageOf([1, 2, 3, 4].map(account)) };
      if (c.method === 'DELETE') return { payLoad: { id: 'c2' } };
    });
    renderDashboard(<ConfigSettingsPage />);
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

  it('asks for the order index only when editing, needs name and phone, and parses integers', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => (c.method === 'PUT' ? { payLoad: { ...account(1), orderIndex: 7 } } : c.method === 'POST' ? { status: 201, payLoad: account(9) } : undefined));
    const { unmount } = renderDashboard(<ConfigSettingFormDialog open onOpenChange={() => {}} item={null} />);
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
    renderDashboard(<ConfigSettingFormDialog open onOpenChange={onOpenChange} item={account(1)} />);
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
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/v1/ConfigSetting/c1', body: { paymentName: 'Pay 1', phone: '09000001', orderIndex: '7' } });
  });
});
