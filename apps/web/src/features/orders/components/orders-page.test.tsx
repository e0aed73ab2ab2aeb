import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, pageOf, renderDashboard, fakeOrder } from '../../../components/dashboard/test-utils';
import { addIncomingNotification, addIncomingOrder } from '../api/order-cache';
import { notificationKeys } from '../../../lib/order-keys';
import { CleanOrdersTools } from './clean-orders-tools';
import { OrdersPage, rowNumber } from './orders-page';

afterEach(() => vi.unstubAllGlobals());

const order = fakeOrder;

describe('Clean Orders', () => {
  it('offers count 3 only for Weekly and 1–3 for Monthly, resetting the default when the type changes', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => ({ payLoad: { deletedCount: 2 }, message: '2 orders deleted successfully' }));
    const onCleaned = vi.fn();
    renderDashboard(<CleanOrdersTools onCleaned={onCleaned} />);
    const type = screen.getByLabelText('Type');
    const count = screen.getByLabelText('Count');
    const options = () =>
      within(count)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(type).toHaveValue('WEEKLY');
    expect(options()).toEqual(['3']);
    expect(count).toHaveValue('3');

    await user.selectOptions(type, 'MONTHLY');
    expect(options()).toEqual(['1', '2', '3']);
    expect(count).toHaveValue('1');
    await user.selectOptions(count, '2');
    await user.selectOptions(type, 'WEEKLY');
    expect(count).toHaveValue('3');
    await user.selectOptions(type, 'MONTHLY');
    expect(count).toHaveValue('1');
    await user.selectOptions(count, '3');

    await user.click(screen.getByRole('button', { name: 'Clean Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clean Orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clean Orders' }));
    await waitFor(() => expect(onCleaned).toHaveBeenCalledWith('2 orders deleted successfully'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/Order/Clean-Order', body: { type: 'MONTHLY', count: 3 } });
  });

  it("shows the green banner after cleaning, with 'Orders deleted successfully' when the server sends no message", async () => {
    const user = userEvent.setup();
    // An owner: cleaning orders is theirs.
    const me = { id: 'u0', email: 'owner@shop.test', role: 'owner', twoFactorEnabled: false, mustEnableTwoFactor: false };
    fakeServer((c) =>
      c.method === 'POST'
        ? { payLoad: { deletedCount: 0 }, message: '' }
        : c.url.startsWith('/api/v1/Order?')
          ? { payLoad: pageOf([order(1)]) }
          : c.url === '/api/v1/User/me'
            ? { payLoad: me }
            : undefined,
    );
    renderDashboard(<OrdersPage />);
    await screen.findByText('player1');
    await user.click(await screen.findByRole('button', { name: 'Clean Orders' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clean Orders' }));
    const banner = await screen.findByText('Orders deleted successfully');
    expect(banner.closest('[role=status]')).toHaveClass('bg-green-50');
  });
});

describe('Orders list', () => {
  it('numbers rows down from the total, dims read rows, and puts an incoming order on top with count + 1', async () => {
    fakeServer((c) =>
      c.url.startsWith('/api/v1/Order?')
        ? { payLoad: pageOf([order(3), order(2, { isRead: true, userDto: { email: 'ops@shop.test' } })], 14) }
        : undefined,
    );
    const { queryClient } = renderDashboard(<OrdersPage />);
    await screen.findByText('player3');
    const rows = () => screen.getAllByRole('row').slice(1);
    // The first cell holds the row's selection box, the second its number.
    expect(within(rows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('14');
    expect(within(rows()[1]!).getAllByRole('cell')[1]).toHaveTextContent('13');
    expect(rows()[1]).toHaveAttribute('data-read', 'true');
    expect(rows()[1]).toHaveClass('bg-slate-100');
    expect(within(rows()[1]!).getByText('ops@shop.test')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 — 14 items')).toBeInTheDocument();

    addIncomingOrder(queryClient, order(99, { inGameUserId: 'newcomer' }));
    await screen.findByText('newcomer');
    expect(within(rows()[0]!).getByText('newcomer')).toBeInTheDocument();
    expect(within(rows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('15');
    expect(screen.getByText('Page 1 of 2 — 15 items')).toBeInTheDocument();
  });

  it('View Detail marks the order read in place, without refetching the list, then opens the detail', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf([order(1)]) };
      if (c.url === '/api/v1/Order/isRead/o1') return { payLoad: order(1, { isRead: true }) };
    });
    const { queryClient } = renderDashboard(<OrdersPage />);
    queryClient.setQueryData(notificationKeys.list(), pageOf([]));
    addIncomingNotification(queryClient, { id: 'n1', orderId: 'o1', message: 'New order', isRead: false, createdAt: '' });
    expect(queryClient.getQueryData<{ paging: { totalCount: number } }>(notificationKeys.list())!.paging.totalCount).toBe(1);
    await user.click(await screen.findByRole('button', { name: 'View Detail' }));
    expect(await screen.findByText('order detail page')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/Order?'))).toHaveLength(1);
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/Order/isRead/o1')).toBe(true);
    expect(queryClient.getQueryData<{ items: unknown[] }>(notificationKeys.list())!.items).toEqual([]);
  });

  it('shows the error screen with a reload button when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeServer(() => (fail ? { status: 500, message: 'Failed to load orders' } : { payLoad: pageOf([]) }));
    renderDashboard(<OrdersPage />);
    expect(await screen.findByText('Something Went Wrong !!!')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('No Orders Yet')).toBeInTheDocument();
  });
});

describe('rowNumber', () => {
  it('counts down from the total across pages', () => {
    expect(rowNumber(30, 1, 12, 0)).toBe(30);
    expect(rowNumber(30, 2, 12, 0)).toBe(18);
    expect(rowNumber(30, 3, 12, 5)).toBe(1);
  });
});
