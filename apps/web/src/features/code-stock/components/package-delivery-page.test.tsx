// An owner makes a package a code product that completes by itself, adds codes by paste and by CSV file, sees the
// counts and reveals one code (the server records it); a staff member sees the same page read-only, masked codes
// and no reveal at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CodeStockDto, PackageDeliveryDto, StockCodeDto } from '@topup/contract/code-stock';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { PackageDeliveryPage } from './package-delivery-page';

afterEach(() => vi.unstubAllGlobals());

const PACKAGE_ID = '6f1c2d8e-1111-4111-8111-111111111111';
const PATH = `/dashboard/code-stock/${PACKAGE_ID}`;
const ROUTE = '/dashboard/code-stock/:packageId';

const stockOf = (available: number, extra: Partial<CodeStockDto> = {}): CodeStockDto => ({
  packageId: PACKAGE_ID,
  packageTitle: 'Google Play 10 USD',
  gameId: 'g1',
  gameTitle: 'Gift cards',
  deliveryMode: 'AUTO_ON_PAYMENT',
  available,
  reserved: 1,
  delivered: 4,
  expired: 0,
  lowStockThreshold: 3,
  low: available < 3,
  ...extra,
});

const code: StockCodeDto = {
  id: 'c1',
  packageId: PACKAGE_ID,
  maskedCode: '••••WXYZ',
  hasPin: true,
  state: 'available',
  expiresOn: '2027-12-31',
  addedAt: '2026-11-26T04:00:00.000Z',
  addedBy: 'owner@shop.test',
  orderId: null,
  orderCode: null,
  deliveredAt: null,
};

function server(role: 'owner' | 'staff', start: PackageDeliveryDto) {
  let delivery = start;
  let stock = stockOf(2);
  return fakeServer((c) => {
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u1', email: `${role}@shop.test`, role, twoFactorEnabled: true, mustEnableTwoFactor: false } };
    if (c.url === `/api/v1/TokenPackage/${PACKAGE_ID}/Delivery` && c.method === 'GET') return { payLoad: delivery };
    if (c.url === `/api/v1/TokenPackage/${PACKAGE_ID}/Delivery` && c.method === 'PUT') {
      delivery = { packageId: PACKAGE_ID, ...(c.body as Omit<PackageDeliveryDto, 'packageId'>) };
      return { payLoad: delivery };
    }
    if (c.url === `/api/v1/CodeStock/${PACKAGE_ID}`) return { payLoad: stock };
    if (c.url === `/api/v1/CodeStock/${PACKAGE_ID}/Codes` && c.method === 'POST') {
      const lines = (c.body as { text: string }).text.split('\n').filter((l) => l.trim());
      stock = stockOf(stock.available + lines.length - 1);
      return { payLoad: { added: lines.length - 1, skipped: [{ line: lines.length, problem: 'alreadyInStock' }], stock } };
    }
    if (c.url.startsWith(`/api/v1/CodeStock/${PACKAGE_ID}/Codes`)) return { payLoad: pageOf([code], 1, 1, 20) };
    if (c.url === '/api/v1/CodeStock/Codes/c1/Reveal') return { payLoad: { id: 'c1', code: 'ABCD-EFGH-WXYZ', pin: '9012' } };
  });
}

const staffMode: PackageDeliveryDto = {
  packageId: PACKAGE_ID,
  isCodeProduct: false,
  deliveryMode: 'STAFF',
  redeemInstructions: { mm: '', en: '' },
  lowStockThreshold: 0,
};

describe('a package sold as codes', () => {
  it('an owner marks it a code product completed automatically, adds codes by paste and by file, and reveals one', async () => {
    const user = userEvent.setup();
    const calls = server('owner', staffMode);
    renderDashboard(<PackageDeliveryPage />, { path: PATH, route: ROUTE });

    const form = await screen.findByTestId('delivery-form');
    expect(screen.getByText(/not sold as codes/)).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/Sold as codes/));
    await user.click(within(form).getByLabelText(/Complete automatically when payment is confirmed by a wallet notice/));
    await user.type(within(form).getByLabelText('How to redeem (English)'), 'Open Google Play, then Redeem code.');
    await user.type(within(form).getByLabelText('How to redeem (Burmese)'), 'Google Play ကိုဖွင့်ပါ။');
    await user.clear(within(form).getByLabelText(/Warn when available codes fall below/));
    await user.type(within(form).getByLabelText(/Warn when available codes fall below/), '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      isCodeProduct: true,
      deliveryMode: 'AUTO_ON_PAYMENT',
      redeemInstructions: { mm: 'Google Play ကိုဖွင့်ပါ။', en: 'Open Google Play, then Redeem code.' },
      lowStockThreshold: 3,
    });
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();

    // Now a code product: its counts (2 available is below 3: warned), the import form and the masked codes.
    expect(await screen.findByTestId('count-available')).toHaveTextContent('2');
    expect(screen.getByTestId('count-delivered')).toHaveTextContent('4');
    expect(screen.getByTestId('low-stock')).toHaveTextContent('only 2 codes left');
    expect(await screen.findByText('••••WXYZ')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Paste codes'), 'AAAA-1111{Enter}BBBB-2222,PIN1,2027-01-31{Enter}CCCC-3333');
    expect(screen.getByText('3 lines to add')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 3 codes' }));
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('2 codes added.');
    expect(result).toHaveTextContent('line 3: already in stock');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/Codes'))!.body).toEqual({
      text: 'AAAA-1111\nBBBB-2222,PIN1,2027-01-31\nCCCC-3333',
    });
    // The pasted codes are gone from the field once sent.
    expect(screen.getByLabelText('Paste codes')).toHaveValue('');
    expect(screen.getByTestId('count-available')).toHaveTextContent('4');

    // A CSV file is read in the browser and sent as text.
    const csv = new File(['code,pin,expiry\nDDDD-4444,,2027-06-30\nEEEE-5555,S-1,\n'], 'vouchers.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or choose a CSV file'), csv);
    expect(await screen.findByText('Read from vouchers.csv.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 3 codes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/Codes'))).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/Codes'))[1]!.body).toEqual({
      text: 'code,pin,expiry\nDDDD-4444,,2027-06-30\nEEEE-5555,S-1,\n',
    });

    // Reveal: the code and its PIN show in the row until hidden.
    const row = screen.getAllByTestId('stock-code')[0]!;
    await user.click(within(row).getByRole('button', { name: 'Reveal' }));
    expect(await within(row).findByTestId('revealed-code')).toHaveTextContent('ABCD-EFGH-WXYZ');
    expect(within(row).getByTestId('revealed-code')).toHaveTextContent('PIN 9012');
    await user.click(within(row).getByRole('button', { name: 'Hide' }));
    expect(within(row).queryByTestId('revealed-code')).toBeNull();
    expect(within(row).getByText('••••WXYZ')).toBeInTheDocument();
  });

  it('staff see the settings read-only, the counts and masked codes, with no reveal, withdraw or import', async () => {
    const calls = server('staff', { ...staffMode, isCodeProduct: true, deliveryMode: 'AUTO_ON_PAYMENT', lowStockThreshold: 3 });
    renderDashboard(<PackageDeliveryPage />, { path: PATH, route: ROUTE });
    expect(await screen.findByText('••••WXYZ')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/User/me')).toBe(true));
    expect(screen.getByLabelText(/Sold as codes/)).toBeDisabled();
    expect(screen.getByText("Only the shop's owners can change this.")).toBeInTheDocument();
    expect(screen.getByText(/only owners can reveal one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByTestId('code-import')).toBeNull();
    expect(calls.some((c) => c.url.includes('/Reveal'))).toBe(false);
  });
});
