// "My orders" shows where each saved order is now, asked in one request with each order's private token. The
// statuses endpoint is the contract's POST /OrderTracking/statuses; fetch is mocked here with its answer's shape.
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../components/dashboard/test-utils';
import { saveMyOrder } from '../../lib/my-orders';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../providers';
import { MyOrdersPage } from './my-orders';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('My orders', () => {
  it('shows each order with its status, in Burmese words and a Burmese date on a Burmese page', async () => {
    await i18n.changeLanguage('mm');
    saveMyOrder({ code: 'AAAA2222', token: 't-a', gameTitle: 'PUBG', packageTitle: '60 UC', placedAt: '2026-11-25T13:58:00.000Z' });
    saveMyOrder({ code: 'BBBB3333', token: 't-b', gameTitle: 'MLBB', packageTitle: '86 Diamonds', placedAt: '2026-11-24T03:00:00.000Z' });
    saveMyOrder({ code: 'GONE4444', token: 't-c', gameTitle: 'MLBB', packageTitle: '86 Diamonds', placedAt: '2026-11-23T03:00:00.000Z' });
    const calls = fakeServer((c) =>
      c.url === '/api/v1/OrderTracking/statuses'
        ? {
            payLoad: [
              { code: 'AAAA2222', status: 'COMPLETED', stage: 'COMPLETED', updatedAt: '2026-11-25T14:00:00Z' },
              { code: 'BBBB3333', status: 'PENDING', stage: 'CHECKING', updatedAt: '2026-11-24T03:01:00Z' },
            ],
          }
        : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MyOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = screen.getByTestId('my-orders');
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(await within(first!).findByTestId('my-order-stage')).toHaveTextContent(i18n.t('tracking:stage.COMPLETED'));
    expect(within(second!).getByTestId('my-order-stage')).toHaveAttribute('data-stage', 'CHECKING');
    // An order the server no longer knows shows no status rather than a wrong one.
    expect(within(third!).queryByTestId('my-order-stage')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('၂၅ နိုဝင်ဘာ ၂၀၂၆၊ ၂၀:၂၈');
    const asked = calls.filter((c) => c.url === '/api/v1/OrderTracking/statuses');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toEqual({
      orders: [
        { code: 'AAAA2222', token: 't-a' },
        { code: 'BBBB3333', token: 't-b' },
        { code: 'GONE4444', token: 't-c' },
      ],
    });
    await i18n.changeLanguage('en');
  });

  it('asks nothing when no order is saved', async () => {
    const calls = fakeServer(() => undefined);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MyOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.url.startsWith('/api/v1/OrderTracking'))).toHaveLength(0);
  });
});
