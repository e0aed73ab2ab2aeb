import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@topup/contract/orders';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { OrderDetail } from './order-detail';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const base: OrderDto = {
  id: 'o1',
  code: 'K7QM3XPA',
  inGameUserId: '5551234',
  serverInfo: 'Asia',
  mobileNumber: '09123456789',
  gameId: 'g1',
  gameTitle: 'PUBG Mobile',
  tokenPackageDto: { id: 'p1', tokenTitle: '60 UC', unit: 60, price: 1500, currency: 'MMK', packageImage: '/uploads/p.png' },
  paymentMethod: 'NORMAL',
  status: 'PENDING',
  quantity: 2,
  subTotal: 3000,
  transactionNumber: '654321',
  screenShot: '/api/v1/screenshots/s.png?sig=x',
  userDto: null,
  isRead: false,
  cancelReason: null,
  cancelNote: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('Order detail', () => {
  it('shows every field, marks an unread order read, enlarges the screenshot, and saves the status back to the list', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.method === 'GET' && c.url.endsWith('/Timeline')) return { payLoad: [] };
      if (c.method === 'GET' && c.url.endsWith('/Verification')) {
        return {
          payLoad: {
            orderId: 'o1',
            verdict: 'pending',
            isDuplicate: false,
            state: 'queued',
            attempts: 0,
            checkedAt: null,
            fields: [],
            duplicates: [],
            error: null,
          },
        };
      }
      if (c.method === 'GET') return { payLoad: base };
      if (c.url === '/api/v1/Order/isRead/o1') return { payLoad: { ...base, isRead: true } };
      if (c.method === 'PUT') return { payLoad: { ...base, isRead: true, status: 'COMPLETED', userDto: { email: 'admin@shop.test' } } };
    });
    renderDashboard(<OrderDetail orderId="o1" />);
    expect(await screen.findByText('5551234')).toBeInTheDocument();
    for (const text of ['(Asia)', '09123456789', '654321', 'PUBG Mobile', '60 UC', '3,000 MMK'])
      expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/Order/isRead/o1')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Enlarge the payment screenshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Screenshot' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', base.screenShot);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.selectOptions(screen.getByLabelText('Payment Status'), 'COMPLETED');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('orders list page')).toBeInTheDocument();
    // Sent against the order as it was loaded, so a change by someone else meanwhile is refused, not overwritten.
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/v1/Order/o1')).toMatchObject({
      body: { orderStatus: 'COMPLETED', expectedUpdatedAt: base.updatedAt },
    });
    expect(calls.filter((c) => c.url.includes('isRead'))).toHaveLength(1);
  });
});

describe('Notification bell', () => {
  it("shows 'No notifications' with no badge when empty", async () => {
    const user = userEvent.setup();
    fakeServer(() => ({ payLoad: pageOf([]) }));
    renderDashboard(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('bell-icon')).not.toHaveClass('animate-bounce');
  });

  it('shows a red count and a bouncing bell; opening one marks its order read and goes to its detail', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.url.startsWith('/api/v1/Order/notification-list'))
        return {
          payLoad: pageOf([{ id: 'n1', orderId: 'o1', message: 'New order from 5551234', isRead: false, createdAt: base.createdAt }]),
        };
      if (c.url === '/api/v1/Order/isRead/o1') return { payLoad: { ...base, isRead: true } };
    });
    renderDashboard(<NotificationBell />);
    const trigger = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    expect(screen.getByTestId('bell-count')).toHaveTextContent('1');
    expect(screen.getByTestId('bell-count')).toHaveClass('bg-red-600');
    expect(screen.getByTestId('bell-icon')).toHaveClass('animate-bounce');
    expect(calls[0]!.url).toBe('/api/v1/Order/notification-list?currentPage=1&pageSize=100000');
    await user.click(trigger);
    await user.click(await screen.findByText('New order from 5551234'));
    expect(await screen.findByText('order detail page')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/Order/isRead/o1')).toBe(true);
  });
});
