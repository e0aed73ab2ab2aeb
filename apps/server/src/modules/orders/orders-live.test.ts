// Colleagues see each other's changes live (docs/decisions/0063): a staff member's status change, read
// mark, edit, bulk action, deletion and clean reach another staff member's hub connection as `ReceiveOrderChanged`,
// once per order, after the commit, with the new `updatedAt` and the row as it now is; a refused change sends
// nothing, and the spec's events stay as they were. Runs on SQLite and on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUB } from '@topup/contract/limits';
import { OrderChangedEvent } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import type { BulkActionResult } from '@topup/contract/order-list';
import { ADMIN, body, buildTestApp, login, png, type TestApp } from '../../../test/helpers.ts';
import { register } from '../auth/auth.service.ts';
import {
  connectClient,
  createPackage,
  FAST,
  listen,
  placeOrder,
  sleep,
  TRANSPORTS,
  waitFor,
  type Client,
} from '../../realtime/hub.fixtures.ts';
import { updateOrder } from './orders.fixtures.ts';

let t: TestApp;
let base: string;
let packageId: string;
let colleague: Client;
let changes: OrderChangedEvent[];
const COLLEAGUE = { email: 'colleague@test.local', password: 'another-long-password' };

beforeAll(async () => {
  t = await buildTestApp({}, { build: { hub: FAST } });
  base = await listen(t);
  packageId = await createPackage(t);
  await register(t.app.ctx, { ...COLLEAGUE, role: 'staff' });
  const tokens = await login(t.app, COLLEAGUE.email, COLLEAGUE.password);
  colleague = await connectClient(base, TRANSPORTS[0].transport, () => tokens.accessToken);
  colleague.connection.on(HUB.events.changed, (e: OrderChangedEvent) => void changes.push(e));
});
afterAll(async () => {
  await colleague?.stop();
  await t.close();
});
beforeEach(() => {
  changes = [];
});

/** Waits for `n` events of this order, then a little longer, so an extra (duplicate) one would be seen. */
async function eventsOf(orderId: string, n = 1): Promise<OrderChangedEvent[]> {
  await waitFor(() => changes.filter((c) => c.orderId === orderId).length >= n, `${n} ReceiveOrderChanged of ${orderId}`);
  await sleep(150);
  return changes.filter((c) => c.orderId === orderId);
}

/** The row a change carries: the order as the API answers it, without the screenshot check. */
function rowOf(order: OrderDto) {
  const { verdict: _v, isDuplicate: _d, ...row } = order;
  return { ...row, screenShot: expect.any(String) };
}

const placed = async (): Promise<OrderDto> => {
  const order = await placeOrder(t, packageId);
  await waitFor(() => colleague.orders.some((o) => o.id === order.id), 'ReceiveOrder');
  return order;
};

describe('ReceiveOrderChanged', () => {
  it('a status change reaches a colleague once, with the operator, the reason, the new updatedAt and the row', async () => {
    const order = await placed();
    const res = await updateOrder(t, order.id, {
      orderStatus: 'CANCELLED',
      cancelReason: 'AMOUNT_MISMATCH',
      expectedUpdatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = body<OrderDto>(res).payLoad;
    const [event, ...more] = await eventsOf(order.id);
    expect(more).toEqual([]);
    expect(OrderChangedEvent.parse(event)).toEqual(event);
    expect(event).toEqual({
      orderId: order.id,
      changes: ['status'],
      updatedAt: saved.updatedAt,
      by: ADMIN.email,
      deleted: false,
      order: rowOf(saved),
    });
    expect(event!.order).toMatchObject({ status: 'CANCELLED', cancelReason: 'AMOUNT_MISMATCH', userDto: { email: ADMIN.email } });
    expect(Date.parse(event!.updatedAt!)).toBeGreaterThan(Date.parse(order.updatedAt));
    // The verdict is the check's own event's business only.
    expect(Object.keys(event!.order!)).not.toContain('verdict');
    // A change is not a new order: the spec's events are not sent for it.
    expect(colleague.orders.filter((o) => o.id === order.id)).toHaveLength(1);
  });

  it('a refused change sends nothing: stale expectedUpdatedAt (409), an invalid form (400), an unknown order (404)', async () => {
    const order = await placed();
    expect((await updateOrder(t, order.id, { orderStatus: 'COMPLETED', expectedUpdatedAt: order.updatedAt })).statusCode).toBe(200);
    await eventsOf(order.id);
    changes = [];
    const stale = await updateOrder(t, order.id, {
      orderStatus: 'CANCELLED',
      cancelReason: 'DUPLICATE',
      expectedUpdatedAt: order.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await updateOrder(t, order.id, { orderStatus: 'CANCELLED', cancelReason: 'OTHER' });
    expect(invalid.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/v1/Order/00000000-0000-4000-8000-000000000000', headers: t.auth });
    expect(missing.statusCode).toBe(404);
    // Something that does send, after them: once it arrives, anything the refusals had sent would have arrived too.
    const marker = await placed();
    await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${marker.id}`, headers: t.auth });
    await eventsOf(marker.id);
    expect(changes.map((c) => c.orderId)).toEqual([marker.id]);
  });

  it('reading an order is announced once, keeping updatedAt; reading it again is not', async () => {
    const order = await placed();
    const first = await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${order.id}`, headers: t.auth });
    expect(first.statusCode).toBe(200);
    const read = body<OrderDto>(first).payLoad;
    const [event] = await eventsOf(order.id);
    expect(event).toMatchObject({
      changes: ['read'],
      updatedAt: order.updatedAt,
      by: ADMIN.email,
      deleted: false,
      order: { isRead: true, status: 'PENDING' },
    });
    expect(event!.order).toEqual(rowOf(read));
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${order.id}`, headers: t.auth })).statusCode).toBe(200);
    await sleep(300);
    expect(changes.filter((c) => c.orderId === order.id)).toHaveLength(1);
  });

  it("an edit of the buyer's details is announced as fields, the status untouched", async () => {
    const order = await placed();
    const res = await updateOrder(t, order.id, {
      inGameUserId: 'player-corrected',
      mobileNumber: '09987654321',
      expectedUpdatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await eventsOf(order.id);
    expect(event).toMatchObject({
      changes: ['fields'],
      updatedAt: body<OrderDto>(res).payLoad.updatedAt,
      order: { status: 'PENDING', inGameUserId: 'player-corrected', mobileNumber: '09987654321' },
    });

    changes = [];
    const both = await updateOrder(
      t,
      order.id,
      { orderStatus: 'COMPLETED', transactionNumber: '654321' },
      { file_ScreenShot: { data: await png(), filename: 'new.png', contentType: 'image/png' } },
    );
    expect(both.statusCode, both.body).toBe(200);
    const [second] = await eventsOf(order.id);
    expect(second).toMatchObject({ changes: ['status', 'fields'], order: { status: 'COMPLETED', transactionNumber: '654321' } });
  });

  it('bulk actions announce each changed order on its own, and not the ones that failed', async () => {
    const [a, b, done] = [await placed(), await placed(), await placed()];
    expect((await updateOrder(t, done.id, { orderStatus: 'COMPLETED' })).statusCode).toBe(200);
    await eventsOf(done.id);
    changes = [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Bulk',
      headers: t.auth,
      payload: { action: 'COMPLETE', ids: [a.id, b.id, done.id], statusNote: 'paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = body<BulkActionResult>(res).payLoad;
    expect(result.succeeded.sort()).toEqual([a.id, b.id].sort());
    for (const o of [a, b]) {
      const [event, ...more] = await eventsOf(o.id);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        changes: ['status'],
        by: ADMIN.email,
        order: { status: 'COMPLETED', userDto: { email: ADMIN.email } },
      });
    }
    expect(changes.filter((c) => c.orderId === done.id)).toEqual([]);

    changes = [];
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Bulk',
      headers: t.auth,
      payload: { action: 'MARK_READ', ids: [a.id, b.id] },
    });
    expect(read.statusCode).toBe(200);
    for (const o of [a, b]) expect((await eventsOf(o.id)).map((e) => e.changes)).toEqual([['read']]);
  });

  it('a deletion is announced with deleted: true, and each order a clean removes', async () => {
    const order = await placed();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${order.id}`, headers: t.auth })).statusCode).toBe(200);
    expect(await eventsOf(order.id)).toEqual([
      { orderId: order.id, changes: ['deleted'], updatedAt: null, by: ADMIN.email, deleted: true, order: null },
    ]);

    const old = [await placed(), await placed()];
    const kept = await placed();
    for (const o of old) {
      await t.app.ctx.db
        .updateTable('orders')
        .set({ status: 'COMPLETED', created_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', o.id)
        .execute();
    }
    changes = [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Clean-Order',
      headers: t.auth,
      payload: { type: 'MONTHLY', count: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const o of old)
      expect(await eventsOf(o.id)).toEqual([expect.objectContaining({ deleted: true, changes: ['deleted'], by: ADMIN.email })]);
    expect(changes.filter((c) => c.orderId === kept.id)).toEqual([]);
  });

  it('arrives over long polling too', async () => {
    const tokens = await login(t.app, COLLEAGUE.email, COLLEAGUE.password);
    const polling = await connectClient(base, TRANSPORTS[1].transport, () => tokens.accessToken);
    const seen: OrderChangedEvent[] = [];
    polling.connection.on(HUB.events.changed, (e: OrderChangedEvent) => void seen.push(e));
    try {
      const order = await placed();
      expect((await updateOrder(t, order.id, { orderStatus: 'COMPLETED' })).statusCode).toBe(200);
      await waitFor(() => seen.some((e) => e.orderId === order.id), 'ReceiveOrderChanged over long polling');
      expect(seen.find((e) => e.orderId === order.id)).toMatchObject({ changes: ['status'], order: { status: 'COMPLETED' } });
    } finally {
      await polling.stop();
    }
  });
});
