// The staff workbench in the browser's place (jsdom): filters kept in the URL, bulk actions with partial failures,
// the keyboard and its help, the SLA clock's colours, status changes that ask for what matters (and a 409), the
// phone cards, the timeline and the SLA card.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import type { SlaDto } from '@topup/contract/order-summary';
import { fakeOrder, fakeServer, pageOf, renderDashboard, type FakeCall } from '../../../components/dashboard/test-utils';
import { OrdersPage } from './orders-page';
import { OrderDetail } from './order-detail';
import { SlaClock } from './sla-clock';
import { SlaCard } from './sla-card';
import { OrderTimeline } from './order-timeline';
import { readView, writeView } from '../lib/list-view';
import { formatAge, slaTone } from '../lib/sla';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const GAME = '7b0c2f4e-3f1a-4c55-9d7e-2a1b3c4d5e6f';
const OPERATOR = '0d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';

function Location() {
  const { search } = useLocation();
  return <output data-testid="location">{search}</output>;
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v1/Order?'));
const query = (call: FakeCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

/** A fake server for the orders page: the list (from `page`), games, operators, and whatever `extra` answers. */
function ordersServer(
  page: () => ReturnType<typeof pageOf<OrderDto>>,
  extra: (c: FakeCall) => ReturnType<Parameters<typeof fakeServer>[0]> = () => undefined,
) {
  return fakeServer((c) => {
    const answered = extra(c);
    if (answered) return answered;
    if (c.url.startsWith('/api/v1/Order?')) return { payLoad: page() };
    if (c.url.startsWith('/api/v1/Game?')) return { payLoad: pageOf([{ id: GAME, title: 'Mobile Legends' }]) };
    if (c.url === '/api/v1/Order/Operators') return { payLoad: [{ id: OPERATOR, email: 'ops@shop.test' }] };
    // An owner: deleting and cleaning orders are theirs (a staff member does not see them).
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u0', email: 'owner@shop.test', role: 'owner', twoFactorEnabled: false, mustEnableTwoFactor: false } };
  });
}

describe('list view in the URL', () => {
  it('reads only valid values and writes defaults out', () => {
    const view = readView(
      new URLSearchParams('q=%20abc%20&status=PENDING&verdict=bogus&page=0&isRead=false&from=2026-11-01&to=nope&sort=-subTotal'),
    );
    expect(view).toMatchObject({
      q: 'abc',
      status: 'PENDING',
      verdict: undefined,
      page: 1,
      isRead: false,
      from: '2026-11-01',
      to: undefined,
      sort: '-subTotal',
    });
    expect(writeView(view).toString()).toBe('q=abc&status=PENDING&from=2026-11-01&isRead=false&sort=-subTotal');
    expect(writeView(readView(new URLSearchParams(''))).toString()).toBe('');
  });

  it('loads the list a shared link describes, and every filter change goes back into the URL on page 1', async () => {
    const user = userEvent.setup();
    const calls = ordersServer(() => pageOf([fakeOrder(1)], 40, 2));
    renderDashboard(
      <>
        <OrdersPage />
        <Location />
      </>,
      { path: `/list?q=player&status=PENDING&verdict=mismatch&operatorId=${OPERATOR}&page=2` },
    );
    await screen.findByText('player1');
    expect(query(listCalls(calls)[0]!)).toMatchObject({
      searchTerm: 'player',
      status: 'PENDING',
      verdict: 'mismatch',
      operatorId: OPERATOR,
      currentPage: '2',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('PENDING');
    expect(screen.getByLabelText('Proof check')).toHaveValue('mismatch');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('player');
    await waitFor(() => expect(screen.getByLabelText('Operator')).toHaveValue(OPERATOR));

    await screen.findByRole('option', { name: 'Mobile Legends' });
    await user.selectOptions(screen.getByLabelText('Game'), GAME);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `?q=player&status=PENDING&gameId=${GAME}&verdict=mismatch&operatorId=${OPERATOR}`,
      ),
    );
    await waitFor(() => expect(query(listCalls(calls).at(-1)!)).toMatchObject({ gameId: GAME, currentPage: '1', searchTerm: 'player' }));

    // Two changes before the page re-renders both land.
    act(() => {
      fireEvent.change(screen.getByLabelText('Read state'), { target: { value: 'false' } });
      fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'createdAt' } });
    });
    await waitFor(() => expect(query(listCalls(calls).at(-1)!)).toMatchObject({ isRead: 'false', sort: 'createdAt', gameId: GAME }));

    // Text being typed survives a filter change; it is searched when submitted.
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), ' one');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'PHONEBILL');
    await waitFor(() => expect(query(listCalls(calls).at(-1)!)).toMatchObject({ paymentMethod: 'PHONEBILL' }));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('player one');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?q=player&sort=createdAt'));
  });
});

describe('bulk actions', () => {
  it('cancels the selected orders with a reason and says which ones failed and why', async () => {
    const user = userEvent.setup();
    const orders = [fakeOrder(3), fakeOrder(4), fakeOrder(5)];
    const calls = ordersServer(
      () => pageOf(orders),
      (c) =>
        c.url === '/api/v1/Order/Bulk'
          ? {
              payLoad: {
                succeeded: ['o3'],
                failed: [{ id: 'o5', orderCode: null, code: 'bulkNotPending', message: 'The order is no longer pending.' }],
              },
            }
          : undefined,
    );
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player3');
    await user.click(screen.getByRole('checkbox', { name: `Select order ${orders[0]!.code}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select order ${orders[2]!.code}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 orders selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders' });
    // A reason is required before anything is sent; "Other" needs a note.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));
    expect(within(dialog).getByText('Choose why the order is cancelled.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'OTHER');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));
    expect(within(dialog).getByText('Write a note when the reason is “Other”.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/Order/Bulk')).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'PAYMENT_NOT_RECEIVED');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));

    const result = await screen.findByTestId('bulk-result');
    expect(result).toHaveAttribute('role', 'alert');
    expect(result).toHaveTextContent('1 order cancelled. 1 order was not changed:');
    expect(within(result).getByRole('listitem')).toHaveTextContent(`${orders[2]!.code}: The order is no longer pending.`);
    expect(calls.find((c) => c.url === '/api/v1/Order/Bulk')!.body).toEqual({
      action: 'CANCEL',
      ids: ['o3', 'o5'],
      cancelReason: 'PAYMENT_NOT_RECEIVED',
    });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('selects the page, then all orders matching the filter, and sends the filter instead of ids', async () => {
    const user = userEvent.setup();
    const calls = ordersServer(
      () => pageOf([fakeOrder(1), fakeOrder(2)], 30),
      (c) => (c.url === '/api/v1/Order/Bulk' ? { payLoad: { succeeded: ['o1', 'o2'], failed: [] } } : undefined),
    );
    renderDashboard(<OrdersPage />, { path: '/list?q=player&status=PENDING' });
    await screen.findByText('player1');
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByText('All 2 orders on this page are selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 30 matching orders' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('All 30 matching orders selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByText('2 orders marked read.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/Order/Bulk')!.body).toEqual({
      action: 'MARK_READ',
      filter: { searchTerm: 'player', status: 'PENDING' },
    });
  });
});

describe('keyboard', () => {
  it('moves with j/k, cancels with x (asking the reason), completes with c, opens with Enter, and ignores keys while typing', async () => {
    const user = userEvent.setup();
    const orders = [fakeOrder(1), fakeOrder(2, { status: 'COMPLETED' }), fakeOrder(3)];
    const calls = ordersServer(
      () => pageOf(orders),
      (c) => {
        if (c.method === 'PUT' && c.url === '/api/v1/Order/o1') return { payLoad: { ...orders[0], status: 'COMPLETED' } };
        if (c.url === '/api/v1/Order/isRead/o1') return { payLoad: { ...orders[0], isRead: true } };
      },
    );
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player1');
    const cursorRow = () => document.querySelector('[data-cursor]')?.getAttribute('data-order-row');

    await user.click(screen.getByRole('searchbox', { name: 'Search orders' }));
    await user.keyboard('j');
    expect(cursorRow()).toBeUndefined();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('j');

    // Ticking a row's box does not take the keys away.
    await user.click(screen.getByRole('checkbox', { name: `Select order ${orders[2]!.code}` }));
    await user.keyboard('jj');
    expect(cursorRow()).toBe('1');
    expect(document.activeElement).toHaveAttribute('data-order-row', '1');
    await user.keyboard('x');
    expect(await screen.findByText('Order TEST2222 is no longer pending.')).toBeInTheDocument();
    await user.keyboard('k');
    expect(cursorRow()).toBe('0');

    await user.keyboard('x');
    const cancel = await screen.findByRole('dialog', { name: 'Cancel the order' });
    expect(within(cancel).getByLabelText(/Reason/)).toHaveFocus();
    // Keys inside the dialog belong to it.
    await user.keyboard('j');
    expect(cursorRow()).toBe('0');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('c');
    const complete = await screen.findByRole('dialog', { name: 'Complete the order' });
    await user.type(within(complete).getByLabelText('Note (optional)'), 'Sent 60 UC');
    await user.click(within(complete).getByRole('button', { name: 'Complete the order' }));
    expect(await screen.findByText(`Order ${orders[0]!.code} completed.`)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      orderStatus: 'COMPLETED',
      statusNote: 'Sent 60 UC',
      expectedUpdatedAt: orders[0]!.updatedAt,
    });

    (document.querySelector('[data-order-row="0"]') as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('order detail page')).toBeInTheDocument();
  });

  it('opens the help on ? as a dialog that keeps focus inside and closes with Escape', async () => {
    const user = userEvent.setup();
    ordersServer(() => pageOf([fakeOrder(1)]));
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player1');
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Cancel the order (asks for the reason)')).toBeInTheDocument();
    expect(help.contains(document.activeElement)).toBe(true);
    await user.tab();
    await user.tab();
    expect(help.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('SLA clock', () => {
  it('is normal within the promise, amber in its last third, red past it', () => {
    expect(slaTone(0, 3)).toBe('normal');
    expect(slaTone(119_000, 3)).toBe('normal');
    expect(slaTone(120_000, 3)).toBe('amber');
    expect(slaTone(179_999, 3)).toBe('amber');
    expect(slaTone(180_000, 3)).toBe('red');
    expect(slaTone(9 * 60_000, 10)).toBe('amber');
    const t = (key: string, o: Record<string, unknown>) => `${key}:${JSON.stringify(o)}`;
    expect(formatAge(65_000, t)).toBe('1:05');
    expect(formatAge(3_725_000, t)).toBe('1:02:05');
    expect(formatAge(2 * 86_400_000 + 3 * 3_600_000, t)).toBe('workbench:age.days:{"count":2,"hours":3}');
  });

  it('shows a pending order ticking through the colours against the shop promise; finished orders show none', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-23T08:00:00Z') });
    const createdAt = new Date('2026-11-23T07:58:30Z').toISOString();
    renderDashboard(
      <>
        <SlaClock order={{ status: 'PENDING', createdAt }} />
        <SlaClock order={{ status: 'COMPLETED', createdAt }} />
      </>,
    );
    const clock = () => document.querySelector('[data-sla]')!;
    expect(clock()).toHaveAttribute('data-sla', 'normal');
    expect(clock()).toHaveTextContent('1:30');
    expect(clock()).toHaveClass('bg-slate-100');
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(clock()).toHaveAttribute('data-sla', 'amber');
    expect(clock()).toHaveClass('bg-amber-100');
    expect(clock()).toHaveTextContent('Nearly at the 3-minute promise');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(clock()).toHaveAttribute('data-sla', 'red');
    expect(clock()).toHaveClass('bg-red-100');
    expect(document.querySelectorAll('[data-sla]')).toHaveLength(1);
  });
});

describe('order detail status change', () => {
  const order = fakeOrder(5, { createdAt: '2026-11-23T07:00:00.000Z', updatedAt: '2026-11-23T07:00:00.000Z' });

  it('asks the reason when cancelling and shows a 409 clearly, then reloads the order', async () => {
    const user = userEvent.setup();
    let current: OrderDto = { ...order, isRead: true };
    const calls = fakeServer((c) => {
      if (c.url.endsWith('/Timeline')) return { payLoad: [] };
      if (c.url.endsWith('/Verification')) return { status: 404, message: 'Not found' };
      if (c.method === 'GET' && c.url === '/api/v1/Order/o5') return { payLoad: current };
      if (c.method === 'PUT') {
        current = {
          ...order,
          isRead: true,
          status: 'COMPLETED',
          updatedAt: '2026-11-23T07:01:00.000Z',
          userDto: { email: 'other@shop.test' },
        };
        return {
          status: 409,
          message: 'other@shop.test changed this order a moment ago.',
          errors: { expectedUpdatedAt: ['Reload the order.'] },
        };
      }
    });
    renderDashboard(<OrderDetail orderId="o5" />);
    await screen.findByText('player5');
    await user.selectOptions(screen.getByLabelText('Payment Status'), 'CANCELLED');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose why the order is cancelled.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'DUPLICATE');
    await user.type(screen.getByLabelText('Note'), 'Same payment as TEST2222');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const conflict = await screen.findByTestId('order-conflict');
    expect(conflict).toHaveTextContent('other@shop.test changed this order a moment ago.');
    expect(conflict).toHaveTextContent('The order now shows that change.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      orderStatus: 'CANCELLED',
      cancelReason: 'DUPLICATE',
      cancelNote: 'Same payment as TEST2222',
      expectedUpdatedAt: order.updatedAt,
    });
    // The order loads again and the form starts from what the other person did.
    await waitFor(() => expect(screen.getByTestId('operator')).toHaveTextContent('other@shop.test'));
    expect(screen.getByLabelText('Payment Status')).toHaveValue('COMPLETED');
    expect(screen.queryByLabelText(/^Reason/)).not.toBeInTheDocument();
  });
});

describe('phone layout', () => {
  it('lists orders as cards with code, game, package, amount, age, status, verdict and thumb-sized actions', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q === '(max-width: 639px)',
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
    ordersServer(() => pageOf([fakeOrder(1, { verdict: 'match' }), fakeOrder(2, { status: 'CANCELLED' })]));
    renderDashboard(<OrdersPage />, { path: '/list' });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    for (const text of ['TEST2222', 'PUBG Mobile · 60 UC', '1,500 MMK', 'PENDING', 'Match']) expect(first).toHaveTextContent(text);
    expect(first!.querySelector('[data-sla]')).not.toBeNull();
    expect(
      within(first!)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.className.includes('min-h-11')]),
    ).toEqual([
      ['Open', true],
      ['Complete', true],
      ['Cancel', true],
    ]);
    await waitFor(() =>
      expect(
        within(second!)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Open', 'Delete']),
    );
    // The filters fold behind one button on a phone.
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('timeline', () => {
  it('shows who did what and when, old → new, in order', async () => {
    const base = { orderId: 'o1', at: '2026-11-23T07:00:00.000Z' };
    const events: OrderEventDto[] = [
      { ...base, id: 'e1', type: 'PLACED', actor: null, data: { code: 'TEST2221' } },
      { ...base, id: 'e2', type: 'CHECKED', actor: null, data: { verdict: 'mismatch', isDuplicate: true } },
      { ...base, id: 'e3', type: 'READ', actor: { id: 'u1', email: 'ops@shop.test' }, data: {} },
      {
        ...base,
        id: 'e4',
        type: 'EDITED',
        actor: { id: 'u1', email: 'ops@shop.test' },
        data: { changes: [{ field: 'inGameUserId', from: '5551234', to: '5551235' }] },
      },
      {
        ...base,
        id: 'e5',
        type: 'STATUS_CHANGED',
        actor: { id: 'u2', email: 'lead@shop.test' },
        data: { from: 'PENDING', to: 'CANCELLED', reason: 'AMOUNT_MISMATCH', note: 'Paid 1,000 of 1,500', bulk: true },
      },
    ];
    fakeServer((c) => (c.url === '/api/v1/Order/o1/Timeline' ? { payLoad: events } : undefined));
    renderDashboard(<OrderTimeline orderId="o1" />);
    const items = [...(await screen.findByTestId('timeline')).children];
    expect(items.map((i) => i.getAttribute('data-event'))).toEqual(['PLACED', 'CHECKED', 'READ', 'EDITED', 'STATUS_CHANGED']);
    expect(items[0]).toHaveTextContent('Buyer');
    expect(items[1]).toHaveTextContent('Shop (automatic check)');
    expect(items[1]).toHaveTextContent('Screenshot checked: Mismatch (reuse found)');
    expect(items[3]).toHaveTextContent('In-game user ID:5551234changed to5551235');
    expect(items[4]).toHaveTextContent('lead@shop.test');
    expect(items[4]).toHaveTextContent('Status PENDINGchanged toCANCELLEDbulk');
    expect(items[4]).toHaveTextContent("Reason: Amount doesn't match");
    expect(items[4]).toHaveTextContent('Note: Paid 1,000 of 1,500');
  });
});

describe('SLA card', () => {
  it('shows today, 14 days and each staff member against the promise', async () => {
    // `late` and `lateNow` are the server's figures of pending orders past the promise (fetch mocked with their shape).
    const figures = (completed: number, median: number | null, p90: number | null, share: number | null, late = 0) => ({
      completed,
      medianSeconds: median,
      p90Seconds: p90,
      withinTargetShare: share,
      late,
    });
    const sla: SlaDto = {
      targetMinutes: 3,
      timeZone: 'Asia/Yangon',
      date: '2026-11-23',
      today: figures(4, 95, 250, 0.75, 5),
      last14Days: figures(120, 130, 400, 0.95, 6),
      perStaff: [{ userId: 'u1', email: 'ops@shop.test', today: figures(4, 95, 250, 0.75), last14Days: figures(100, 120, 390, 0.96) }],
      lateNow: 5,
    };
    fakeServer((c) => (c.url === '/api/v1/Order/Sla' ? { payLoad: sla } : undefined));
    renderDashboard(<SlaCard />);
    expect(await screen.findByText('Promise: within 3 minutes')).toBeInTheDocument();
    const [today, days14] = screen.getAllByTestId('sla-within');
    expect(today).toHaveTextContent('75%');
    expect(today).toHaveClass('text-amber-800');
    expect(days14).toHaveTextContent('95%');
    expect(days14).toHaveClass('text-green-800');
    expect(screen.getByText('1 min 35 s')).toBeInTheDocument();
    expect(screen.getByText('4 min 10 s')).toBeInTheDocument();
    expect(screen.getByTestId('sla-staff')).toHaveTextContent('ops@shop.test');
    expect(screen.getByTestId('sla-staff')).toHaveTextContent('14 days: 96% on time of 100 · median 2 min 0 s · 90% within 6 min 30 s');
    // Pending orders past the promise are said first, and counted against the promise.
    expect(screen.getByTestId('sla-late-now')).toHaveTextContent('5 orders are waiting past the 3-minute promise now.');
    expect(screen.getAllByTestId('sla-late').map((e) => e.textContent)).toEqual(['5', '6']);
  });

  it('says when nothing is late now', async () => {
    const figures = { completed: 2, medianSeconds: 60, p90Seconds: 90, withinTargetShare: 1, late: 0 };
    const sla: SlaDto = {
      targetMinutes: 3,
      timeZone: 'Asia/Yangon',
      date: '2026-11-23',
      today: figures,
      last14Days: figures,
      perStaff: [],
      lateNow: 0,
    };
    fakeServer((c) => (c.url === '/api/v1/Order/Sla' ? { payLoad: sla } : undefined));
    renderDashboard(<SlaCard />);
    expect(await screen.findByTestId('sla-late-now')).toHaveTextContent('No order is waiting past the promise.');
  });
});
