// The code stock overview lists code packages low ones first with their counts; the dashboard's low-stock card shows
// only those below their threshold and nothing when none is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { CodeStockDto } from '@topup/contract/code-stock';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { CodeStockPage } from './code-stock-page';
import { LowStockCard } from './low-stock-card';
import { lowStockPushed } from '../api/low-stock-pushed';

afterEach(() => vi.unstubAllGlobals());

const stock = (id: string, title: string, available: number, threshold: number): CodeStockDto => ({
  packageId: id,
  packageTitle: title,
  gameId: 'g1',
  gameTitle: 'Gift cards',
  deliveryMode: 'AUTO_ON_PAYMENT',
  available,
  reserved: 0,
  delivered: 7,
  expired: 1,
  lowStockThreshold: threshold,
  low: available < threshold,
});

const LIST = [stock('p1', 'Steam 20 USD', 40, 5), stock('p2', 'Google Play 10 USD', 0, 5), stock('p3', 'Razer Gold 50', 2, 5)];

function server(list: CodeStockDto[]) {
  return fakeServer((c) => {
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u1', email: 'owner@shop.test', role: 'owner', twoFactorEnabled: true, mustEnableTwoFactor: false } };
    if (c.url === '/api/v1/CodeStock') return { payLoadList: list };
    if (c.url.startsWith('/api/v1/CodeStock/Reveals'))
      return {
        payLoad: pageOf([
          {
            codeId: 'c1',
            packageId: 'p1',
            packageTitle: 'Steam 20 USD',
            maskedCode: '••••9Z',
            by: 'owner@shop.test',
            at: '2026-11-26T04:00:00.000Z',
          },
        ]),
      };
  });
}

describe('code stock', () => {
  it('lists every code package, the low ones first, with counts, links and the reveal log', async () => {
    server(LIST);
    renderDashboard(<CodeStockPage />);
    const items = within(await screen.findByTestId('stock-list')).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard/code-stock/p2',
      '/dashboard/code-stock/p3',
      '/dashboard/code-stock/p1',
    ]);
    expect(items[0]).toHaveTextContent('Low stock');
    expect(items[2]).toHaveTextContent('40 available · 0 reserved · 7 delivered · 1 expired');
    expect(items[2]).not.toHaveTextContent('Low stock');
    expect(await screen.findByText('owner@shop.test revealed ••••9Z (Steam 20 USD)')).toBeInTheDocument();
  });

  it('warns on the dashboard about the packages below their threshold only', async () => {
    server(LIST);
    renderDashboard(<LowStockCard />);
    const card = await screen.findByTestId('low-stock-card');
    expect(card).toHaveTextContent('2 code packages are low on stock');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gift cards – Google Play 10 USD: none left', 'Gift cards – Razer Gold 50: 2 left']);
  });

  it('shows nothing on the dashboard when every package has enough', async () => {
    const calls = server([stock('p1', 'Steam 20 USD', 40, 5)]);
    renderDashboard(<LowStockCard />);
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/CodeStock')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('low-stock-card')).toBeNull();
  });

  it('a low-stock push from the hub shows on the open dashboard at once', async () => {
    const calls = server([stock('p1', 'Steam 20 USD', 40, 5)]);
    const { queryClient } = renderDashboard(<LowStockCard />);
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/CodeStock')).toBe(true));
    await vi.waitFor(() => expect(queryClient.getQueryData(['code-stock', 'list'])).toHaveLength(1));
    act(() => lowStockPushed(queryClient, { stock: stock('p1', 'Steam 20 USD', 4, 5) }));
    expect(await screen.findByTestId('low-stock-card')).toHaveTextContent('Gift cards – Steam 20 USD: 4 left');
  });
});
