// "Paid": once the shop's own wallet confirms an order (a payment phone's notice), its badge says so above whatever the
// screenshot check said, in the list and the order's detail, in both languages, and arrives live in the list
// (ReceiveOrderChanged of kind `payment`, which keeps the order's version).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import i18n from '../../../lib/i18n';
import { fakeOrder, fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { badgeKind, VerdictBadge } from './verdict-badge';
import { applyOrderChange } from '../api/order-cache';
import { OrderDetail } from './order-detail';
import { OrdersPage } from './orders-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const T0 = '2025-01-01T00:00:00.000Z';

function paid(order: OrderDto): OrderChangedEvent {
  const { verdict: _v, isDuplicate: _d, ...row } = order;
  return {
    orderId: order.id,
    changes: ['payment'],
    updatedAt: order.updatedAt,
    by: null,
    deleted: false,
    order: { ...row, paymentState: 'received' },
  };
}

describe('the "paid" badge', () => {
  it('outranks every screenshot verdict and a duplicate, and only "received" is paid', () => {
    for (const verdict of ['match', 'mismatch', 'unreadable', 'failed', 'pending', null] as const) {
      expect(badgeKind(verdict, true, false, 'received')).toBe('paid');
      expect(badgeKind(verdict, false, true, 'received')).toBe('paid');
    }
    expect(badgeKind('mismatch', false, false, 'amount_differs')).toBe('mismatch');
    expect(badgeKind('match', true, false, 'not_received')).toBe('duplicate');
    expect(badgeKind('match', false)).toBe('match');
  });

  it('says "paid" in English and Burmese, and keeps what the screenshot check said in its title', async () => {
    render(<VerdictBadge verdict="mismatch" isDuplicate={false} paymentState="received" />);
    expect(screen.getByText('Paid')).toHaveAttribute('title', expect.stringContaining('Mismatch'));
    await act(() => i18n.changeLanguage('mm'));
    const badge = screen.getByText('ငွေရပြီး');
    expect(badge.closest('[data-verdict]')).toHaveAttribute('data-verdict', 'paid');
    expect(badge.closest('[data-verdict]')!.getAttribute('title')).toContain(i18n.t('badge.mismatch', { ns: 'verification' }));
  });

  it('appears live in the list row when the wallet confirms the order, without reloading the list', async () => {
    const a = fakeOrder(1, { updatedAt: T0, verdict: 'mismatch', isDuplicate: false, paymentState: 'not_received' });
    const b = fakeOrder(2, { updatedAt: T0, verdict: 'match', isDuplicate: false, paymentState: 'not_received' });
    const calls = fakeServer((c) => {
      if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf([a, b], 2) };
    });
    const { queryClient } = renderDashboard(<OrdersPage />);
    await screen.findByText('player1');
    const rowOf = (player: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(player))!;
    expect(within(rowOf('player1')).queryByText('Paid')).toBeNull();

    act(() => applyOrderChange(queryClient, paid(a)));
    await waitFor(() => expect(within(rowOf('player1')).getByText('Paid')).toBeInTheDocument());
    expect(within(rowOf('player2')).queryByText('Paid')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/Order?'))).toHaveLength(1);
  });

  it("shows in the order's detail beside the screenshot check", async () => {
    const order = fakeOrder(1, { verdict: 'mismatch', isDuplicate: false, paymentState: 'received' });
    fakeServer((c) => {
      if (c.url.endsWith('/Verification'))
        return {
          payLoad: {
            orderId: 'o1',
            verdict: 'mismatch',
            isDuplicate: false,
            state: 'done',
            late: false,
            placedAt: order.createdAt,
            attempts: 1,
            checkedAt: order.createdAt,
            fields: [],
            duplicates: [],
            error: null,
          },
        };
      if (c.method === 'GET' && c.url === '/api/v1/Order/o1') return { payLoad: order };
      if (c.url === '/api/v1/Order/isRead/o1') return { payLoad: { ...order, isRead: true } };
    });
    renderDashboard(<OrderDetail orderId="o1" />);
    const region = await screen.findByRole('region', { name: 'Payment proof check' });
    expect(await within(region).findByText('Paid')).toBeInTheDocument();
  });
});
