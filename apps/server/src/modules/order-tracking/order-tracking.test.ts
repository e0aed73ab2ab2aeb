// A buyer's private status page API: tokens (random, stored hashed), enumeration attempts, what the view shows and
// hides, the live stream over real HTTP, and "find my order" with its rate limits.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoundOrderDto, TrackedOrderDto } from '@topup/contract/order-tracking';
import type { PlacedOrderDto } from '@topup/contract/orders';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from '../orders/orders.fixtures.ts';
import { FIND_LIMITS } from './order-tracking.routes.ts';
import { hashToken } from './order-tracking.service.ts';
import { openBuyerStream } from './tracking.fixtures.ts';

let t: TestApp;
let packageId: string;
let phoneSeq = 1000;

beforeAll(async () => {
  t = await buildTestApp();
  ({ packageId } = await createCatalog(t, { title: 'Mobile Legends' }, { title: '86 Diamonds', price: 2500 }));
});
afterAll(() => t.close());

/** A fresh phone number per order, so the per-phone limit of one test never touches another. */
const newPhone = () => `0977${String(phoneSeq++).padStart(7, '0')}`;

async function placed(overrides: Record<string, string> = {}): Promise<PlacedOrderDto> {
  const res = await placeOrder(t, orderFields(packageId, { mobileNumber: newPhone(), inGameUserId: '987654321', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return body<PlacedOrderDto>(res).payLoad;
}

const track = (code: string, token?: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/OrderTracking/${encodeURIComponent(code)}${token === undefined ? '' : `?t=${encodeURIComponent(token)}`}`,
    remoteAddress: ip,
  });

const find = (mobileNumber: string, transactionNumber: string, ip = '10.9.9.9') =>
  t.app.inject({ method: 'POST', url: '/api/v1/OrderTracking/find', payload: { mobileNumber, transactionNumber }, remoteAddress: ip });

describe('status by code and token', () => {
  it('placing an order answers a private token; the page shows the order, masked, and nothing private', async () => {
    const order = await placed({ transactionNumber: '445566' });
    expect(order.trackingToken).toMatch(/^[\w-]{32}$/);
    // Stored as a hash only.
    const tokens = await t.app.ctx.db.selectFrom('order_tracking_tokens').selectAll().where('order_id', '=', order.id).execute();
    expect(tokens.map((r) => r.token_hash)).toEqual([hashToken(order.trackingToken!)]);

    const res = await track(order.code!.toLowerCase(), order.trackingToken!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = body<TrackedOrderDto>(res).payLoad;
    expect(view).toMatchObject({
      code: order.code,
      stage: 'PLACED',
      status: 'PENDING',
      gameTitle: 'Mobile Legends',
      packageTitle: '86 Diamonds',
      quantity: 1,
      subTotal: 2500,
      maskedInGameUserId: '98•••••21',
      cancelReason: null,
    });
    expect(view.maskedMobileNumber).toMatch(/^09•+\d{3}$/);
    for (const secret of [order.id, order.mobileNumber, order.inGameUserId, '445566', 'screenshot', 'screenShot', 'admin@', 'userDto']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it("an unknown code, a wrong token, no token, or another order's token all answer the same not found", async () => {
    const a = await placed();
    const b = await placed();
    const attempts = [
      await track('ZZZZZZZZ', a.trackingToken!),
      await track(a.code!, 'x'.repeat(32)),
      await track(a.code!),
      await track(a.code!, ''),
      await track(a.code!, b.trackingToken!),
      await track(a.id, a.trackingToken!),
      await track('../../Order', a.trackingToken!),
      await t.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${a.code}/events?t=${b.trackingToken}` }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(attempts[0]!.body);
    }
    expect(attempts[0]!.json()).toMatchObject({ statusCode: 404, message: 'Order not found.', payLoad: null, payLoadList: null });
  });

  it('follows staff: being checked when opened, then cancelled with the reason and note', async () => {
    const order = await placed();
    await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${order.id}`, headers: t.auth });
    expect(body<TrackedOrderDto>(await track(order.code!, order.trackingToken!)).payLoad.stage).toBe('CHECKING');
    await updateOrder(t, order.id, { orderStatus: 'CANCELLED', cancelReason: 'OTHER', cancelNote: 'Please pay the remaining 500 Ks' });
    const res = await track(order.code!, order.trackingToken!);
    expect(body<TrackedOrderDto>(res).payLoad).toMatchObject({
      stage: 'CANCELLED',
      cancelReason: 'OTHER',
      cancelNote: 'Please pay the remaining 500 Ks',
    });
    expect(res.body).not.toContain('admin@');
  });

  it("tells the buyer's page once when staff open the order, not again on every later opening", async () => {
    const order = await placed();
    const heard: string[] = [];
    const off = t.app.ctx.events.onOrderChanged((o) => heard.push(o.id));
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${order.id}`, headers: t.auth })).statusCode).toBe(200);
    off();
    expect(heard).toEqual([order.id]);
  });

  it("streams the change to the open page over real HTTP, and only to that order's page", async () => {
    const order = await placed();
    const other = await placed();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (o: PlacedOrderDto) => openBuyerStream(`http://127.0.0.1:${port}`, o.code!, o.trackingToken!);
    const mine = open(order);
    const theirs = open(other);
    expect((await mine.waitFor(1))[0]).toMatchObject({ code: order.code, status: 'PENDING' });
    await theirs.waitFor(1);
    await updateOrder(t, order.id, { orderStatus: 'COMPLETED' });
    expect((await mine.waitFor(2))[1]).toMatchObject({ code: order.code, stage: 'COMPLETED', status: 'COMPLETED' });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames).toHaveLength(1);
    mine.close();
    theirs.close();
  });
});

describe('find my order', () => {
  it("phone and transaction number find the buyer's orders with a working link; any phone form matches", async () => {
    const phone = newPhone();
    const order = await placed({ mobileNumber: phone, transactionNumber: '700001' });
    const res = await find(phone.replace(/^09/, '+959'), '700001');
    expect(res.statusCode, res.body).toBe(200);
    const found = body<null>(res).payLoadList as unknown as FoundOrderDto[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: order.code, stage: 'PLACED', gameTitle: 'Mobile Legends' });
    expect((await track(found[0]!.code, found[0]!.trackingToken)).statusCode).toBe(200);
    // The token of the success screen still works too.
    expect((await track(order.code!, order.trackingToken!)).statusCode).toBe(200);
  });

  it('no such order and a match with another phone answer the same, and orders older than 30 days are not found', async () => {
    const phone = newPhone();
    const order = await placed({ mobileNumber: phone, transactionNumber: '700002' });
    const wrongPhone = await find(newPhone(), '700002');
    const noSuch = await find(newPhone(), '799999');
    expect(wrongPhone.statusCode).toBe(200);
    expect(wrongPhone.body).toBe(noSuch.body);
    expect(wrongPhone.json()).toMatchObject({ statusCode: 200, payLoad: null, payLoadList: [] });

    await t.app.ctx.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 31 * 86400_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect(body(await find(phone, '700002')).payLoadList).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    const res = await find('12345', 'abc');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {}).sort()).toEqual(['mobileNumber', 'transactionNumber']);
  });

  it(`limits guesses per phone number (${FIND_LIMITS.perPhone}) across addresses, and per address (${FIND_LIMITS.perAddress}) across phones`, async () => {
    const phone = newPhone();
    for (let i = 0; i < FIND_LIMITS.perPhone; i++) expect((await find(phone, String(600000 + i), `10.3.0.${i}`)).statusCode).toBe(200);
    const limited = await find(phone.replace(/^09/, '959'), '600100', '10.3.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429, payLoad: null });

    for (let i = 0; i < FIND_LIMITS.perAddress; i++) expect((await find(newPhone(), '600200', '10.4.4.4')).statusCode).toBe(200);
    expect((await find(newPhone(), '600200', '10.4.4.4')).statusCode).toBe(429);
    expect((await find(newPhone(), '600200', '10.4.4.5')).statusCode).toBe(200);
  });
});
