import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentPhoneDto } from '@topup/contract/payment-phones';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { PaymentPhonesPage } from './payment-phones-page';

afterEach(() => vi.unstubAllGlobals());

const account = {
  id: '11111111-1111-4111-8111-111111111111',
  paymentName: 'KBZPay',
  phone: '09123',
  orderIndex: 1,
  logo: null,
  isActive: true,
};
const qr = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';

describe('Payment phones page', () => {
  it('registers a phone, shows its URL and key once with QR codes and steps, lists it and revokes it', async () => {
    const user = userEvent.setup();
    let phones: PaymentPhoneDto[] = [];
    const calls = fakeServer((call) => {
      if (call.url.startsWith('/api/v1/ConfigSetting')) return { payLoad: pageOf([account]) };
      if (call.url === '/api/v1/PaymentPhone' && call.method === 'GET') return { payLoad: phones };
      if (call.url === '/api/v1/PaymentPhone' && call.method === 'POST') {
        phones = [
          {
            id: 'p1',
            name: 'Counter phone',
            paymentAccountIds: [account.id],
            createdAt: '2026-11-26T04:00:00.000Z',
            revokedAt: null,
            lastNoticeAt: null,
          },
        ];
        return {
          status: 201,
          payLoad: {
            id: 'p1',
            webhookUrl: 'https://shop.test/api/v1/PaymentPhone/hook/abc',
            signingKey: 'the-signing-key-123456',
            qrCodes: { webhookUrl: qr, signingKey: qr },
          },
        };
      }
      if (call.method === 'DELETE') return { payLoad: { id: 'p1' } };
      return undefined;
    });
    renderDashboard(<PaymentPhonesPage />);

    await user.type(screen.getByLabelText(/Name/), 'Counter phone');
    await user.click(await screen.findByLabelText('KBZPay (09123)'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('https://shop.test/api/v1/PaymentPhone/hook/abc')).toBeInTheDocument();
    expect(screen.getByText('the-signing-key-123456')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/shown only now/);
    expect(screen.getAllByRole('img', { name: /QR code/ })).toHaveLength(2);
    expect(screen.getByText(/SMS Gateway for Android/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Counter phone', paymentAccountIds: [account.id] });

    // Once closed, the key is gone from the page: only the list, without secrets.
    await user.click(screen.getByRole('button', { name: /Done/ }));
    expect(screen.queryByText('the-signing-key-123456')).not.toBeInTheDocument();
    const row = (await screen.findByText('Counter phone')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/PaymentPhone/p1')).toBe(true);
  });
});
