// The status page's first screen from the HTML: with the order embedded for this address it shows at once, with no
// API call, and opens the live stream; an embedded "not found" shows the not-found screen without asking the API.
// A code package's codes arrive on the stream and show with copy buttons and how to redeem, in the page's language.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { createQueryClient } from '../providers';
import i18n from '../../lib/i18n';
import { setAppDataForTest } from '../../lib/app-data';
import { OrderStatusPage } from './order-status';

const ORDER: TrackedOrderDto = {
  code: 'K7QX4M9P',
  stage: 'PLACED',
  status: 'PENDING',
  gameTitle: 'Mobile Legends',
  packageTitle: '86 Diamonds',
  unit: 86,
  quantity: 1,
  subTotal: 2500,
  currency: 'MMK',
  paymentMethod: 'KBZPay',
  maskedInGameUserId: '98•••••21',
  serverInfo: '',
  maskedMobileNumber: '09••••••789',
  cancelReason: null,
  cancelNote: null,
  paymentReceived: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const ADDRESS = `/order/${ORDER.code}?t=secret-token`;

/** Records the streams the page opens, and lets a test push an event into one. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close() {}
}

let fetched: string[];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  fetched = [];
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      fetched.push(String(input));
      return new Response(JSON.stringify({ statusCode: 404, message: 'Not found', payLoad: null, payLoadList: null }), { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAppDataForTest(null);
});

const renderAt = (address: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/order/:code" element={<OrderStatusPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('order status page, first screen from the HTML', () => {
  it('shows the embedded order at once without calling the API, then follows the live stream', async () => {
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: ORDER }, ADDRESS);
    renderAt(ADDRESS);
    expect(screen.getByTestId('order-code')).toHaveTextContent(ORDER.code);
    expect(screen.getByTestId('order-stage')).toHaveAttribute('data-stage', 'PLACED');
    expect(screen.getByText('Mobile Legends', { exact: false })).toBeInTheDocument();
    expect(fetched.filter((u) => u.includes('/OrderTracking/'))).toEqual([]);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([`/api/v1/OrderTracking/${ORDER.code}/events?t=secret-token`]);

    act(() => FakeEventSource.opened[0]!.emit('order', { ...ORDER, stage: 'COMPLETED', status: 'COMPLETED' }));
    expect(screen.getByTestId('order-stage')).toHaveAttribute('data-stage', 'COMPLETED');
    expect(await screen.findByText(i18n.t('tracking:live'))).toBeInTheDocument();
    expect(fetched.filter((u) => u.includes('/OrderTracking/'))).toEqual([]);
  });

  it('says "payment received" when the shop\'s wallet confirms it, live, in the buyer\'s language', async () => {
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: ORDER }, ADDRESS);
    renderAt(ADDRESS);
    expect(screen.queryByTestId('payment-received')).toBeNull();
    act(() => FakeEventSource.opened[0]!.emit('order', { ...ORDER, paymentReceived: true }));
    expect(screen.getByTestId('payment-received')).toHaveTextContent("Payment received: the shop's wallet confirmed your money arrived.");
    await act(() => i18n.changeLanguage('mm'));
    expect(screen.getByTestId('payment-received')).toHaveTextContent('ငွေလက်ခံရရှိပြီး');
  });

  it('an embedded "not found" shows the not-found screen without asking the API or opening a stream', () => {
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: null }, ADDRESS);
    renderAt(ADDRESS);
    expect(screen.getByTestId('order-not-found')).toBeInTheDocument();
    expect(fetched.filter((u) => u.includes('/OrderTracking/'))).toEqual([]);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('data rendered for another address (another token) is not used: the page asks the API', async () => {
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: ORDER }, `/order/${ORDER.code}?t=other-token`);
    renderAt(ADDRESS);
    expect(await screen.findByTestId('order-not-found')).toBeInTheDocument();
    expect(fetched.some((u) => u.includes(`/api/v1/OrderTracking/${ORDER.code}?t=secret-token`))).toBe(true);
  });
});

describe('order status page, codes and automatic completion', () => {
  const CODE_ORDER: TrackedOrderDto = {
    ...ORDER,
    gameTitle: 'Gift cards',
    packageTitle: 'Google Play 10 USD',
    quantity: 2,
    delivery: {
      isCodeProduct: true,
      deliveryMode: 'AUTO_ON_PAYMENT',
      state: 'AWAITING_PAYMENT',
      codes: [],
      redeemInstructions: { mm: 'Play Store တွင် ကုဒ်ကို ထည့်ပါ။', en: 'Open Play Store, then Redeem code.' },
    },
  };

  it('shows the delivered codes with copy buttons and how to redeem the moment they arrive, without a reload', async () => {
    const user = userEvent.setup();
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: CODE_ORDER }, ADDRESS);
    renderAt(ADDRESS);
    expect(screen.queryByTestId('delivered-codes')).toBeNull();

    // The wallet notice confirmed the payment: "payment confirmed, delivering", before the codes.
    act(() =>
      FakeEventSource.opened[0]!.emit('order', {
        ...CODE_ORDER,
        paymentReceived: true,
        delivery: { ...CODE_ORDER.delivery!, state: 'PAYMENT_CONFIRMED' },
      }),
    );
    expect(screen.getByTestId('payment-confirmed')).toHaveTextContent('Payment confirmed, delivering');
    expect(screen.queryByTestId('payment-received')).toBeNull();

    act(() =>
      FakeEventSource.opened[0]!.emit('order', {
        ...CODE_ORDER,
        stage: 'COMPLETED',
        status: 'COMPLETED',
        paymentReceived: true,
        delivery: {
          ...CODE_ORDER.delivery!,
          state: 'DELIVERED',
          codes: [
            { code: 'GPLAY-AAAA-1111', pin: null, expiresOn: '2027-12-31' },
            { code: 'GPLAY-BBBB-2222', pin: 'S-778', expiresOn: null },
          ],
        },
      }),
    );
    const section = screen.getByTestId('delivered-codes');
    expect(section).toHaveTextContent('Delivered');
    expect(screen.getAllByTestId('delivered-code-text').map((e) => e.textContent)).toEqual(['GPLAY-AAAA-1111', 'GPLAY-BBBB-2222']);
    expect(section).toHaveTextContent('S-778');
    expect(section).toHaveTextContent('Use it by 2027-12-31');
    expect(screen.getByTestId('redeem-instructions')).toHaveTextContent('Open Play Store, then Redeem code.');
    expect(screen.queryByTestId('payment-confirmed')).toBeNull();
    expect(fetched.filter((u) => u.includes('/OrderTracking/'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Copy code 2' }));
    expect(await navigator.clipboard.readText()).toBe('GPLAY-BBBB-2222');
    await user.click(screen.getByRole('button', { name: 'Copy the PIN of code 2' }));
    expect(await navigator.clipboard.readText()).toBe('S-778');

    await act(() => i18n.changeLanguage('mm'));
    expect(screen.getByTestId('redeem-instructions')).toHaveTextContent('Play Store တွင် ကုဒ်ကို ထည့်ပါ။');
    expect(screen.getByTestId('delivered-codes')).toHaveTextContent('ပေးပို့ပြီးပါပြီ');
  });

  it('an order completed automatically without codes says "payment confirmed, delivering" while staff top it up', () => {
    const topUp: TrackedOrderDto = {
      ...ORDER,
      paymentReceived: true,
      delivery: {
        isCodeProduct: false,
        deliveryMode: 'AUTO_ON_PAYMENT',
        state: 'PAYMENT_CONFIRMED',
        codes: [],
        redeemInstructions: { mm: '', en: '' },
      },
    };
    setAppDataForTest({ renderedAt: Date.now(), trackedCode: ORDER.code, trackedOrder: topUp }, ADDRESS);
    renderAt(ADDRESS);
    expect(screen.getByTestId('payment-confirmed')).toHaveTextContent('your order is on its way');
    expect(screen.queryByTestId('delivered-codes')).toBeNull();
  });
});
