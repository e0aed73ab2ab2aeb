// Each package's row says whether it is sold as codes and completes by itself, and opens its delivery and codes page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { PackagesPage } from './packages-page';

afterEach(() => vi.unstubAllGlobals());

const pkg = (id: string, title: string, extra: Partial<TokenPackageDto> = {}): TokenPackageDto => ({
  id,
  tokenTitle: title,
  unit: 325,
  price: 4500,
  currency: 'MMK',
  gameId: 'g1',
  gameDto: { id: 'g1', title: 'PUBG Mobile' },
  paymentMethod: 'NORMAL',
  canAddQuantity: false,
  packageImage: null,
  createdDate: '2026-11-26T04:00:00.000Z',
  ...extra,
});

describe('packages list', () => {
  it('marks code packages and automatic ones, and links each to its delivery and codes page', async () => {
    fakeServer((c) =>
      c.url.startsWith('/api/v1/TokenPackage?')
        ? {
            payLoad: pageOf([
              pkg('p1', 'UC voucher 325', { isCodeProduct: true, autoDelivery: true, availableQuantity: 3 }),
              pkg('p2', '60 UC'),
            ]),
          }
        : undefined,
    );
    renderDashboard(<PackagesPage />);
    const voucher = (await screen.findByText('UC voucher 325')).closest('tr')!;
    expect(within(voucher).getByTestId('delivery-badges')).toHaveTextContent('CodesCompletes automatically');
    expect(within(voucher).getByRole('link', { name: 'Delivery and codes' })).toHaveAttribute('href', '/dashboard/code-stock/p1');
    const plain = screen.getByText('60 UC').closest('tr')!;
    expect(within(plain).queryByTestId('delivery-badges')).toBeNull();
    expect(within(plain).getByRole('link', { name: 'Delivery and codes' })).toHaveAttribute('href', '/dashboard/code-stock/p2');
  });
});
