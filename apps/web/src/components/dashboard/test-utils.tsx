// Test helpers for dashboard components: English texts, a fresh query client, a memory router, and a fake server.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import { DEFAULT_SHOP_SETTINGS } from '@topup/contract/shop-settings-defaults';
import i18n from '../../lib/i18n';
import { setShopSettings } from '../../lib/shop-settings';

// English texts, settled before any test renders (the spec's English texts are what the tests read).
await i18n.changeLanguage('en');
// These tests click through whole dialogs; leave room for a busy machine running many suites at once.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export function renderDashboard(ui: ReactElement, { path = '/dashboard', route = '*' }: { path?: string; route?: string } = {}) {
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The server puts the shop settings into every page; a component test starts with them as if read from the HTML.
  setShopSettings(queryClient, DEFAULT_SHOP_SETTINGS);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="/dashboard/orders" element={<p>orders list page</p>} />
          <Route path="/dashboard/order-detail/:orderId" element={<p>order detail page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

export type FakeCall = { method: string; url: string; body: unknown };
type Handler = (call: FakeCall) =>
  | {
      status?: number;
      payLoad?: unknown;
      payLoadList?: unknown[];
      message?: string;
      code?: string;
      errors?: Record<string, string[]>;
    }
  | undefined;

/** Replaces fetch with a handler answering envelopes; records every call (FormData bodies as plain objects). */
export function fakeServer(handler: Handler) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      let body: unknown = null;
      if (init.body instanceof FormData)
        body = Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));
      else if (typeof init.body === 'string') body = JSON.parse(init.body);
      const call = { method: init.method ?? 'GET', url, body };
      calls.push(call);
      const res = handler(call) ?? { status: 404, message: 'Not found' };
      const status = res.status ?? 200;
      return new Response(
        JSON.stringify({
          statusCode: status,
          message: res.message ?? 'Success',
          code: res.code,
          payLoad: res.payLoad ?? null,
          payLoadList: res.payLoadList ?? null,
          errors: res.errors,
        }),
        {
          status,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return calls;
}

export function pageOf<T>(items: T[], totalCount = items.length, currentPage = 1, pageSize = 12) {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    items,
    paging: {
      currentPage,
      pageSize,
      totalCount,
      totalPages,
      previousPage: currentPage > 1 ? currentPage - 1 : null,
      nextPage: currentPage < totalPages ? currentPage + 1 : null,
      firstRowOnPage: items.length ? (currentPage - 1) * pageSize + 1 : 0,
      lastRowOnPage: (currentPage - 1) * pageSize + items.length,
    },
  };
}

export function imageFile(name = 'logo.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

/** A pending order as the API sends it; `extra` overrides any field. */
export function fakeOrder(n: number, extra: Partial<OrderDto> = {}): OrderDto {
  return {
    id: `o${n}`,
    code: `TEST${String(n).padStart(4, '2').replace(/[01]/g, '2')}`,
    inGameUserId: `player${n}`,
    serverInfo: '',
    mobileNumber: '09123456789',
    gameId: 'g1',
    gameTitle: 'PUBG Mobile',
    tokenPackageDto: { id: 'p1', tokenTitle: '60 UC', unit: 60, price: 1500, currency: 'MMK', packageImage: null },
    paymentMethod: 'NORMAL',
    status: 'PENDING',
    quantity: 1,
    subTotal: 1500,
    transactionNumber: '123456',
    screenShot: null,
    userDto: null,
    isRead: false,
    cancelReason: null,
    cancelNote: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...extra,
  };
}
