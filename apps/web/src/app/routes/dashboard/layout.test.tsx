// The dashboard shell with its live connection: pushed orders and notifications land in the orders list and the bell,
// a reconnect refetches what may have been missed, the header shows the connection state, desktop notifications are
// opt-in. The @microsoft/signalr module is MOCKED (src/test/signalr.fake.ts) so the test can
// push events and drive reconnects; e2e/realtime.e2e.ts runs the real client against the real server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { NotificationDto } from '@topup/contract/notifications';
import { fakeServer, pageOf, type FakeCall, fakeOrder } from '../../../components/dashboard/test-utils';
import { saveTokens } from '../../../lib/session';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { built, fakeJwt, latestHub } from '../../../test/signalr.fake';
import { DESKTOP_PREF_KEY } from '../../../features/realtime/api/alerts';
import { DashboardLayout } from './layout';

vi.mock('@microsoft/signalr', () => import('../../../test/signalr.fake'));

const order = fakeOrder;

function notification(n: number): NotificationDto {
  return { id: `n${n}`, orderId: `o${n}`, message: `New order from player${n}`, isRead: false, createdAt: new Date().toISOString() };
}

/** A server holding two orders and no unread notification; counts each list call. */
function shopServer() {
  return fakeServer((c: FakeCall) => {
    if (c.url.startsWith('/api/v1/Order/notification-list')) return { payLoad: pageOf([], 0, 1, 100_000) };
    if (c.url.startsWith('/api/v1/Order/summary')) return { payLoad: { pending: 0, oldestPendingAt: null, days: [] } };
    if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf([order(2), order(1)], 2) };
    return undefined;
  });
}

const countOf = (calls: FakeCall[], prefix: string) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(prefix)).length;

function renderShell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard/orders']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardLayout />}>
            <Route path="orders" element={<OrdersPage />} />
            <Route path="order-detail/:orderId" element={<p>order detail page</p>} />
          </Route>
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

const status = () => screen.getByTestId('connection-status');

/** A server push; TanStack Query tells components about cache writes on the next tick, so let that pass too. */
async function push(name: string, payload: unknown) {
  await act(async () => {
    latestHub().push(name, payload);
    await new Promise((r) => setTimeout(r, 0));
  });
}
const firstDataRow = () => screen.getAllByRole('row')[1]!;

let play: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  const i18n = (await import('../../../lib/i18n')).default;
  await i18n.changeLanguage('en');
  built.length = 0;
  saveTokens(fakeJwt(3600), 'refresh-1');
  // Browsers refuse to play sound before the admin interacted with the page: that must only be logged.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('play() was blocked', 'NotAllowedError'));
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('dashboard realtime', () => {
  it('puts an incoming order on top with the count + 1, and a notification raises the bell and tries the sound', async () => {
    shopServer();
    renderShell();
    await screen.findByText('player2');
    expect(screen.getByText(/— 2 items$/)).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent('Connected'));
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();

    await push('ReceiveOrder', order(3));
    expect(within(firstDataRow()).getByText('player3')).toBeInTheDocument();
    expect(screen.getByText(/— 3 items$/)).toBeInTheDocument();
    // The wrapper shape too; a repeated push changes nothing.
    await push('ReceiveOrder', { order: order(4) });
    await push('ReceiveOrder', { order: order(4) });
    expect(within(firstDataRow()).getByText('player4')).toBeInTheDocument();
    expect(screen.getByText(/— 4 items$/)).toBeInTheDocument();

    await push('ReceiveNotificationMessage', notification(3));
    expect(screen.getByTestId('bell-count')).toHaveTextContent('1');
    expect(screen.getByTestId('bell-icon').getAttribute('class')).toContain('animate-bounce');
    await push('ReceiveNotificationMessage', { notification: notification(4) });
    expect(screen.getByTestId('bell-count')).toHaveTextContent('2');
    expect(play).toHaveBeenCalledTimes(2);
    // The blocked play was a warning, not an error (the test setup fails on any console.error).
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[realtime] notification sound did not play', expect.any(DOMException)));
    expect((play.mock.contexts[0] as HTMLAudioElement).src).toMatch(/\/sounds\/notification\.wav$/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications: 2 unread' }));
    expect(await screen.findByRole('menuitem', { name: /New order from player4/ })).toBeInTheDocument();
  });

  it('refetches the orders list, the bell and the summary after a reconnect, and shows each connection state', async () => {
    const calls = shopServer();
    const { queryClient } = renderShell();
    await screen.findByText('player2');
    await waitFor(() => expect(status()).toHaveTextContent('Connected'));
    await waitFor(() => expect(countOf(calls, '/api/v1/Order/notification-list')).toBe(1));
    expect(status()).toHaveAttribute('data-state', 'connected');
    const summaryRefetch = vi.spyOn(queryClient, 'invalidateQueries');
    const ordersBefore = countOf(calls, '/api/v1/Order?');

    const hub = latestHub();
    act(() => hub.fireReconnecting());
    expect(status()).toHaveTextContent('Reconnecting');
    expect(status()).toHaveAttribute('data-state', 'reconnecting');
    act(() => hub.fireReconnected());
    expect(status()).toHaveTextContent('Connected');
    await waitFor(() => expect(countOf(calls, '/api/v1/Order?')).toBe(ordersBefore + 1));
    await waitFor(() => expect(countOf(calls, '/api/v1/Order/notification-list')).toBe(2));
    expect(summaryRefetch).toHaveBeenCalledWith({ queryKey: ['orders', 'summary'] });

    act(() => hub.fireClose());
    expect(status()).toHaveTextContent('Disconnected');
    expect(status()).toHaveAttribute('data-state', 'disconnected');
  });

  it('stops the connection when the dashboard unmounts (logout leaves it too)', async () => {
    shopServer();
    const { unmount } = renderShell();
    await waitFor(() => expect(status()).toHaveTextContent('Connected'));
    const hub = latestHub();
    unmount();
    expect(hub.stop).toHaveBeenCalledOnce();
  });

  it('shows a desktop notification for a push while the tab is hidden, only once the admin enabled them by a click', async () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    shopServer();
    renderShell();
    await waitFor(() => expect(status()).toHaveTextContent('Connected'));

    // Not enabled yet: nothing shown, and the browser was never asked on load.
    await push('ReceiveNotificationMessage', notification(5));
    expect(shown).toHaveLength(0);
    expect(requestPermission).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications: 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable desktop notifications' }));
    await waitFor(() => expect(localStorage.getItem(DESKTOP_PREF_KEY)).toBe('on'));
    expect(requestPermission).toHaveBeenCalledOnce();

    await push('ReceiveNotificationMessage', notification(6));
    expect(shown).toEqual([{ title: 'New order', options: expect.objectContaining({ body: 'New order from player6', tag: 'o6' }) }]);

    // A visible tab gets the bell and the sound only.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await push('ReceiveNotificationMessage', notification(7));
    expect(shown).toHaveLength(1);

    // The same menu turns them off again.
    await user.click(screen.getByRole('button', { name: 'Notifications: 3 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn off desktop notifications' }));
    expect(localStorage.getItem(DESKTOP_PREF_KEY)).toBe('off');
  });
});
