// Dates as the app writes them: Burmese month names and digits on Burmese pages, the shop's time zone whatever the
// device's, and the same text in the server-rendered first screen and after hydration (no mismatch React repairs).
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { DEFAULT_SHOP_SETTINGS } from '@topup/contract/shop-settings-defaults';
import { OrderStatusView } from '../features/order-tracking/components/order-status-view';
import { formatDate, formatDateTime, toMyanmarDigits } from '../lib/dates';
import { i18nOptions } from '../lib/i18n';
import { setShopSettings } from '../lib/shop-settings';

// 13:58 UTC is 20:28 in Yangon (+06:30) and already the next day on Kiritimati (+14:00).
const AT = '2026-11-25T13:58:00.000Z';

describe('formatDateTime', () => {
  it('writes Burmese month names and digits on Burmese pages, in the shop time zone', () => {
    expect(formatDateTime(AT, { language: 'mm', timeZone: 'Asia/Yangon' })).toBe('၂၅ နိုဝင်ဘာ ၂၀၂၆၊ ၂၀:၂၈');
    expect(formatDateTime(AT, { language: 'en', timeZone: 'Asia/Yangon' })).toBe('25 Nov 2026, 20:28');
    expect(formatDate(AT, { language: 'mm', timeZone: 'Pacific/Kiritimati' })).toBe('၂၆ နိုဝင်ဘာ ၂၀၂၆');
    expect(formatDateTime('2026-01-01T00:05:00Z', { language: 'en', timeZone: 'UTC' })).toBe('1 Jan 2026, 00:05');
  });

  it('shows no Latin letters or Western digits on a Burmese page, and nothing for a missing or broken date', () => {
    for (let m = 0; m < 12; m++) {
      const text = formatDateTime(Date.UTC(2026, m, 15, 5, 7), { language: 'mm', timeZone: 'Asia/Yangon' });
      expect(text).not.toMatch(/[A-Za-z0-9]/);
    }
    expect(formatDateTime(null, { language: 'mm', timeZone: 'Asia/Yangon' })).toBe('—');
    expect(formatDateTime('not a date', { language: 'en', timeZone: 'Asia/Yangon' })).toBe('—');
    expect(toMyanmarDigits('09-123')).toBe('၀၉-၁၂၃');
  });

  it('falls back to the shop default zone, not the device, for a zone the engine does not know', () => {
    expect(formatDateTime(AT, { language: 'en', timeZone: 'Not/AZone' })).toBe('25 Nov 2026, 20:28');
  });
});

const ORDER: TrackedOrderDto = {
  code: 'K7QX4M9P',
  stage: 'COMPLETED',
  status: 'COMPLETED',
  gameTitle: 'Mobile Legends',
  packageTitle: '86 Diamonds',
  unit: 86,
  quantity: 1,
  subTotal: 2500,
  currency: 'MMK',
  paymentMethod: 'NORMAL',
  maskedInGameUserId: '98•••••21',
  serverInfo: '',
  maskedMobileNumber: '09••••••789',
  cancelReason: null,
  cancelNote: null,
  paymentReceived: false,
  createdAt: AT,
  updatedAt: AT,
};

function page() {
  const client = new QueryClient();
  setShopSettings(client, { ...DEFAULT_SHOP_SETTINGS, timeZone: 'Asia/Yangon' });
  const i18n = i18next.createInstance();
  void i18n.init(i18nOptions('mm'));
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <OrderStatusView order={ORDER} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

describe('the status page first screen', () => {
  it('has the same Burmese date on the server and after hydration', async () => {
    const html = renderToString(page());
    expect(html).toContain('၂၅ နိုဝင်ဘာ ၂၀၂၆၊ ၂၀:၂၈');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(), { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.textContent).toContain('၂၅ နိုဝင်ဘာ ၂၀၂၆၊ ၂၀:၂၈');
    container.remove();
  });
});
