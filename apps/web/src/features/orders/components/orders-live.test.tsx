// Colleagues' changes arriving live (ReceiveOrderChanged, docs/decisions/0063): the list updates rows in place and
// drops deleted ones, this tab's own change echoed back applies nothing twice, an open status dialog made stale says
// so before the server's 409 could, and an open detail shows the new state, who changed it, and a deletion.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@topup/contract/envelope';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import { fakeOrder, fakeServer, pageOf, renderDashboard, type FakeCall } from '../../../components/dashboard/test-utils';
import { applyOrderChange, orderChanged, orderDeleted } from '../api/order-cache';
import { notificationKeys, orderKeys } from '../../../lib/order-keys';
import { OrderDetail } from './order-detail';
import { OrdersPage } from './orders-page';

afterEach(() => vi.unstubAllGlobals());

const COLLEAGUE = 'colleague@shop.test';
const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-01T00:01:00.000Z';

/** The event as the server sends it: the order without its verdict. */
function changed(order: OrderDto, changes: OrderChangedEvent['changes'], by: string | null = COLLEAGUE): OrderChangedEvent {
  const { verdict: _v, isDuplicate: _d, ...row } = order;
  return { orderId: order.id, changes, updatedAt: order.updatedAt, by, deleted: false, order: row };
}
const deleted = (id: string, by: string | null = COLLEAGUE): OrderChangedEvent => ({
  orderId: id,
  changes: ['deleted'],
  updatedAt: null,
  by,
  deleted: true,
  order: null,
});

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (player: string) => rows().find((r) => within(r).queryByText(player))!;

function listServer(items: OrderDto[], total = items.length, onPut?: (c: FakeCall) => unknown) {
  return fakeServer((c) => {
    if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf(items, total) };
    if (c.method === 'PUT' && onPut) return { payLoad: onPut(c) };
  });
}

describe('the orders list, live', () => {
  it("shows a colleague's status change, read mark and edit in place, keeps the verdict, and drops a deleted row once", async () => {
    const a = fakeOrder(1, { updatedAt: T0, verdict: 'match', isDuplicate: false });
    const b = fakeOrder(2, { updatedAt: T0 });
    const calls = listServer([a, b], 20);
    const { queryClient } = renderDashboard(<OrdersPage />);
    await screen.findByText('player1');
    const fetches = () => calls.filter((c) => c.url.startsWith('/api/v1/Order?')).length;
    expect(fetches()).toBe(1);
    queryClient.setQueryData(
      notificationKeys.list(),
      pageOf([{ id: 'n1', orderId: 'o1', message: 'New order', isRead: false, createdAt: T0 }]),
    );

    act(() =>
      applyOrderChange(
        queryClient,
        changed({ ...a, status: 'COMPLETED', isRead: true, userDto: { email: COLLEAGUE }, updatedAt: T1 }, ['status']),
      ),
    );
    await waitFor(() => expect(within(rowOf('player1')).getByText('COMPLETED')).toBeInTheDocument());
    expect(within(rowOf('player1')).getByTestId('operator')).toHaveTextContent(COLLEAGUE);
    expect(rowOf('player1')).toHaveAttribute('data-read', 'true');
    // No more Complete / Cancel for a finished order; the verdict the check gave stays.
    expect(within(rowOf('player1')).queryByRole('button', { name: 'Complete' })).toBeNull();
    const page = () => queryClient.getQueriesData<Page<OrderDto>>({ queryKey: orderKeys.lists() })[0]![1]!;
    expect(page().items[0]).toMatchObject({ status: 'COMPLETED', verdict: 'match' });
    // Read elsewhere: the order's notices leave the bell.
    expect(queryClient.getQueryData<Page<unknown>>(notificationKeys.list())!.items).toEqual([]);

    act(() => applyOrderChange(queryClient, changed({ ...b, inGameUserId: 'player2-fixed', updatedAt: T1 }, ['fields'])));
    expect(await screen.findByText('player2-fixed')).toBeInTheDocument();

    // An older event arriving late (its newer state is already shown) changes nothing.
    const before = page();
    act(() => applyOrderChange(queryClient, changed({ ...a, status: 'PENDING', updatedAt: T0 }, ['status'])));
    expect(page()).toBe(before);

    act(() => applyOrderChange(queryClient, deleted('o2')));
    await waitFor(() => expect(screen.queryByText('player2-fixed')).toBeNull());
    expect(page().paging.totalCount).toBe(19);
    act(() => applyOrderChange(queryClient, deleted('o2')));
    expect(page().paging.totalCount).toBe(19);
    // All of it in place: the list was loaded once.
    expect(fetches()).toBe(1);
  });

  it("this tab's own change echoed back by the hub applies nothing a second time, before or after the answer", async () => {
    const a = fakeOrder(1, { updatedAt: T0 });
    const b = fakeOrder(2, { updatedAt: T0 });
    listServer([a, b], 10);
    const { queryClient } = renderDashboard(<OrdersPage />);
    await screen.findByText('player1');
    const page = () => queryClient.getQueriesData<Page<OrderDto>>({ queryKey: orderKeys.lists() })[0]![1]!;

    // Answer first, echo second: the echo finds the same version and leaves the page object as it is (no re-render).
    const saved = { ...a, status: 'COMPLETED' as const, userDto: { email: 'me@shop.test' }, updatedAt: T1 };
    act(() => orderChanged(queryClient, saved));
    const afterAnswer = page();
    act(() => applyOrderChange(queryClient, changed(saved, ['status'], 'me@shop.test')));
    expect(page()).toBe(afterAnswer);

    // Echo first, answer second: one row less and one count less, not two.
    act(() => applyOrderChange(queryClient, deleted('o2', 'me@shop.test')));
    act(() => orderDeleted(queryClient, 'o2'));
    expect(page().items.map((o) => o.id)).toEqual(['o1']);
    expect(page().paging.totalCount).toBe(9);
  });

  it('an open status dialog says a colleague finished the order and can no longer be confirmed', async () => {
    const user = userEvent.setup();
    const a = fakeOrder(1, { updatedAt: T0 });
    const calls = listServer([a]);
    const { queryClient } = renderDashboard(<OrdersPage />);
    await user.click(within(await screen.findByRole('row', { name: /player1/ })).getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('change-stale')).toBeNull();

    act(() =>
      applyOrderChange(
        queryClient,
        changed({ ...a, status: 'CANCELLED', cancelReason: 'DUPLICATE', userDto: { email: COLLEAGUE }, updatedAt: T1 }, ['status']),
      ),
    );
    const stale = await within(dialog).findByTestId('change-stale');
    expect(stale).toHaveTextContent(`${COLLEAGUE} changed this order a moment ago: it is now CANCELLED.`);
    expect(stale).toHaveTextContent('It is no longer pending');
    expect(within(dialog).getByRole('button', { name: 'Complete the order' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('an edit by a colleague is said in the dialog; confirming then goes against the order as it now is', async () => {
    const user = userEvent.setup();
    const a = fakeOrder(1, { updatedAt: T0 });
    const calls = listServer([a], 1, () => ({ ...a, status: 'COMPLETED', updatedAt: '2025-01-01T00:02:00.000Z' }));
    const { queryClient } = renderDashboard(<OrdersPage />);
    await user.click(within(await screen.findByRole('row', { name: /player1/ })).getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog');
    act(() =>
      applyOrderChange(
        queryClient,
        changed({ ...a, mobileNumber: '09987654321', userDto: { email: COLLEAGUE }, updatedAt: T1 }, ['fields']),
      ),
    );
    expect(await within(dialog).findByTestId('change-stale')).toHaveTextContent('It is still pending');
    await user.click(within(dialog).getByRole('button', { name: 'Complete the order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { orderStatus: 'COMPLETED', expectedUpdatedAt: T1 } }),
    );
  });

  it('says so in the dialog when the order was deleted meanwhile', async () => {
    const user = userEvent.setup();
    listServer([fakeOrder(1, { updatedAt: T0 })]);
    const { queryClient } = renderDashboard(<OrdersPage />);
    await user.click(within(await screen.findByRole('row', { name: /player1/ })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    act(() => applyOrderChange(queryClient, deleted('o1')));
    expect(await within(dialog).findByTestId('change-stale')).toHaveTextContent(`${COLLEAGUE} deleted this order a moment ago.`);
    expect(within(dialog).getByRole('button', { name: 'Cancel the order' })).toBeDisabled();
  });
});

describe('an open order detail, live', () => {
  function detailServer(order: OrderDto) {
    return fakeServer((c) => {
      if (c.method === 'GET' && c.url.endsWith('/Timeline')) return { payLoad: [] };
      if (c.method === 'GET' && c.url.endsWith('/Verification')) {
        return {
          payLoad: {
            orderId: order.id,
            verdict: null,
            isDuplicate: false,
            state: null,
            attempts: 0,
            checkedAt: null,
            fields: [],
            duplicates: [],
            error: null,
          },
        };
      }
      if (c.method === 'GET') return { payLoad: order };
    });
  }

  it("shows a colleague's change with who made it, clears an unsaved status choice, and reloads the timeline", async () => {
    const user = userEvent.setup();
    const a = fakeOrder(1, { isRead: true, updatedAt: T0 });
    const calls = detailServer(a);
    const { queryClient } = renderDashboard(<OrderDetail orderId="o1" />);
    await screen.findByText('player1');
    await user.selectOptions(screen.getByLabelText('Payment Status'), 'CANCELLED');
    const timelineLoads = () => calls.filter((c) => c.url.endsWith('/Timeline')).length;
    await waitFor(() => expect(timelineLoads()).toBe(1));

    act(() =>
      applyOrderChange(queryClient, changed({ ...a, status: 'COMPLETED', userDto: { email: COLLEAGUE }, updatedAt: T1 }, ['status'])),
    );
    const note = await screen.findByTestId('order-changed-live');
    expect(note).toHaveTextContent(`${COLLEAGUE} changed this order a moment ago: it is now COMPLETED.`);
    expect(note).toHaveTextContent('Your unsaved status choice was cleared.');
    expect(screen.getByLabelText('Payment Status')).toHaveValue('COMPLETED');
    expect(screen.getByTestId('operator')).toHaveTextContent(COLLEAGUE);
    await waitFor(() => expect(timelineLoads()).toBe(2));
    // Not refetched: the event carried the order.
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/Order/o1')).toHaveLength(1);
  });

  it('says the shop (automatic) completed it when a wallet notice let the order complete itself', async () => {
    const a = fakeOrder(1, { isRead: true, updatedAt: T0 });
    detailServer(a);
    const { queryClient } = renderDashboard(<OrderDetail orderId="o1" />);
    await screen.findByText('player1');
    act(() =>
      applyOrderChange(queryClient, {
        ...changed({ ...a, status: 'COMPLETED', updatedAt: T1 }, ['status'], null),
        automatic: true,
      }),
    );
    expect(await screen.findByTestId('order-changed-live')).toHaveTextContent(
      'The shop (automatic) changed this order a moment ago: it is now COMPLETED.',
    );
  });

  it('says who deleted the order instead of failing to load it', async () => {
    const a = fakeOrder(1, { isRead: true, updatedAt: T0 });
    const calls = detailServer(a);
    const { queryClient } = renderDashboard(<OrderDetail orderId="o1" />);
    await screen.findByText('player1');
    act(() => applyOrderChange(queryClient, deleted('o1')));
    expect(await screen.findByTestId('order-deleted-live')).toHaveTextContent(`${COLLEAGUE} deleted this order a moment ago.`);
    expect(screen.getByRole('heading', { name: 'Order deleted' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/Order/o1')).toHaveLength(1);
  });
});
