// Completing an order whose check flagged it (screenshot or transaction number reused, or a mismatch): the dialog (from
// the row, the `c` shortcut and bulk) and the order page say what is wrong before the button, and send the override
// with the staff member's reason. The server's side (409 `orderFlagged`, `overrideFlags`/`overrideReason`) is mocked
// at the fetch level with the contract's shapes; the server's own tests cover the refusal and the timeline entry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@topup/contract/orders';
import { fakeOrder, fakeServer, pageOf, renderDashboard, type FakeCall } from '../../../components/dashboard/test-utils';
import { OrdersPage } from './orders-page';
import { OrderDetail } from './order-detail';
import { flagsOf } from '../lib/order-flags';

afterEach(() => vi.unstubAllGlobals());

function ordersServer(orders: OrderDto[], extra: (c: FakeCall) => ReturnType<Parameters<typeof fakeServer>[0]> = () => undefined) {
  return fakeServer((c) => {
    const answered = extra(c);
    if (answered) return answered;
    if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf(orders) };
    if (c.url.startsWith('/api/v1/Game?')) return { payLoad: pageOf([]) };
    if (c.url === '/api/v1/Order/Operators') return { payLoad: [] };
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u1', email: 'ops@shop.test', role: 'staff', twoFactorEnabled: false, mustEnableTwoFactor: false } };
  });
}

describe('flags of an order', () => {
  it('are duplicate and mismatch, nothing else', () => {
    expect(flagsOf({ verdict: 'mismatch', isDuplicate: true })).toEqual(['duplicate', 'mismatch']);
    expect(flagsOf({ verdict: 'match', isDuplicate: false })).toEqual([]);
    expect(flagsOf({ verdict: 'unreadable' })).toEqual([]);
  });
});

describe('completing a flagged order', () => {
  it('from the c shortcut: says what is wrong before the button, needs the tick and a reason, and sends the override', async () => {
    const user = userEvent.setup();
    const flagged = fakeOrder(3, { verdict: 'mismatch', isDuplicate: true });
    const calls = ordersServer([flagged], (c) => (c.method === 'PUT' ? { payLoad: { ...flagged, status: 'COMPLETED' } } : undefined));
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player3');
    await user.keyboard('j');
    await user.keyboard('c');
    const dialog = await screen.findByRole('dialog', { name: 'Complete the order' });
    const warning = within(dialog).getByTestId('change-flags');
    expect(warning).toHaveTextContent('already used on another order');
    expect(warning).toHaveTextContent('does not match the order');
    // The warning comes before the confirm button in reading order.
    const confirm = within(dialog).getByRole('button', { name: 'Complete the order' });
    expect(warning.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(confirm);
    expect(within(dialog).getByText('Tick the box to say you checked it yourself.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /I checked the payment myself/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('checkbox', { name: /I checked the payment myself/ }));
    await user.click(confirm);
    expect(within(dialog).getByText('Write the reason (it is kept in the timeline).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(
      within(dialog).getByLabelText(/Why are you completing it/),
      'Money is in the KBZ account; buyer sent the same picture twice',
    );
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      orderStatus: 'COMPLETED',
      overrideFlags: 'True',
      overrideReason: 'Money is in the KBZ account; buyer sent the same picture twice',
    });
  });

  it('a clean order completes as before, without an override', async () => {
    const user = userEvent.setup();
    const clean = fakeOrder(4, { verdict: 'match', isDuplicate: false });
    const calls = ordersServer([clean], (c) => (c.method === 'PUT' ? { payLoad: { ...clean, status: 'COMPLETED' } } : undefined));
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player4');
    await user.click(screen.getAllByRole('button', { name: 'Complete' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Complete the order' });
    expect(within(dialog).queryByTestId('change-flags')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete the order' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('overrideFlags');
  });

  it('when the server refuses a flag the list did not show yet (409 orderFlagged), asks for the override in the dialog', async () => {
    const user = userEvent.setup();
    const order = fakeOrder(5, { verdict: 'pending' });
    let refused = 0;
    const calls = ordersServer([order], (c) => {
      if (c.method !== 'PUT') return undefined;
      if ((c.body as Record<string, string>).overrideFlags !== 'True') {
        refused++;
        return { status: 409, code: 'orderFlagged', message: 'This order is flagged: its screenshot was already used.' };
      }
      return { payLoad: { ...order, status: 'COMPLETED' } };
    });
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player5');
    await user.click(screen.getAllByRole('button', { name: 'Complete' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Complete the order' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete the order' }));
    // Still open, now asking for the override (not closed as if someone else had changed the order).
    expect(await within(dialog).findByTestId('change-flags')).toHaveTextContent('The check flagged this order');
    expect(refused).toBe(1);
    await user.click(within(dialog).getByRole('checkbox', { name: /I checked the payment myself/ }));
    await user.type(within(dialog).getByLabelText(/Why are you completing it/), 'Checked the wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the order' }));
    expect(await screen.findByText(`Order ${order.code} completed.`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      overrideFlags: 'True',
      overrideReason: 'Checked the wallet',
    });
  });

  it('in bulk: counts the flagged orders chosen and sends one override for them', async () => {
    const user = userEvent.setup();
    const orders = [fakeOrder(6, { isDuplicate: true }), fakeOrder(7, { verdict: 'match' })];
    const calls = ordersServer(orders, (c) =>
      c.url === '/api/v1/Order/Bulk' ? { payLoad: { succeeded: ['o6', 'o7'], failed: [] } } : undefined,
    );
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player6');
    await user.click(screen.getByRole('checkbox', { name: `Select order ${orders[0]!.code}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select order ${orders[1]!.code}` }));
    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete 2 orders' });
    expect(within(dialog).getByTestId('change-flags')).toHaveTextContent('1 of the chosen orders is flagged');
    await user.click(within(dialog).getByRole('checkbox', { name: /I checked the payment myself/ }));
    await user.type(within(dialog).getByLabelText(/Why are you completing it/), 'Both paid');
    await user.click(within(dialog).getByRole('button', { name: 'Complete 2 orders' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/Order/Bulk')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v1/Order/Bulk')!.body).toMatchObject({
      action: 'COMPLETE',
      ids: ['o6', 'o7'],
      overrideFlags: true,
      overrideReason: 'Both paid',
    });
  });

  it('on the order page: choosing Completed shows what is wrong and the override before Save', async () => {
    const user = userEvent.setup();
    const order = fakeOrder(8, { verdict: 'mismatch', isRead: true });
    const calls = fakeServer((c) => {
      if (c.method === 'GET' && c.url.endsWith('/Timeline')) return { payLoad: [] };
      if (c.method === 'GET' && c.url.endsWith('/Verification'))
        return {
          payLoad: {
            orderId: 'o8',
            verdict: 'mismatch',
            isDuplicate: false,
            state: 'done',
            attempts: 1,
            checkedAt: null,
            fields: [],
            duplicates: [],
            error: null,
          },
        };
      if (c.method === 'GET') return { payLoad: order };
      if (c.method === 'PUT') return { payLoad: { ...order, status: 'COMPLETED' } };
    });
    renderDashboard(<OrderDetail orderId="o8" />);
    await screen.findByText('player8');
    expect(screen.queryByTestId('change-flags')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment Status'), 'COMPLETED');
    expect(screen.getByTestId('change-flags')).toHaveTextContent('does not match the order');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Tick the box to say you checked it yourself.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /I checked the payment myself/ }));
    await user.type(screen.getByLabelText(/Why are you completing it/), 'Amount confirmed by phone');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('orders list page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      orderStatus: 'COMPLETED',
      overrideFlags: 'True',
      overrideReason: 'Amount confirmed by phone',
    });
  });
});
