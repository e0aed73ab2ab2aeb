// Staff completing code orders in bulk (the workbench's "complete selected"): each order gets its own codes, once;
// an order whose package can't cover it fails alone, named with the reason in the caller's language, and keeps no
// code; completing again, or two bulk completions of the same orders at once, hands out no code a second time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { BulkActionResult } from '@topup/contract/order-list';
import type { PlacedOrderDto } from '@topup/contract/orders';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { body, buildTestApp, multipart, png, type TestApp } from '../../../test/helpers.ts';
import { createGame, createPackage, orderFields } from '../orders/orders.fixtures.ts';

let t: TestApp;
let gameId: string;

beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '1000' }, { build: { paymentNoticeSweepMs: 0 } });
  gameId = await createGame(t, { title: 'Gift Cards' });
});
afterAll(() => t?.close());

const codes = (n: number) => Array.from({ length: n }, () => `APPLE-${randomUUID().slice(0, 13).toUpperCase()}`);

async function setDelivery(packageId: string, isCodeProduct: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/TokenPackage/${packageId}/Delivery`,
    headers: t.auth,
    payload: { isCodeProduct, deliveryMode: 'STAFF', redeemInstructions: { mm: '', en: '' }, lowStockThreshold: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function addCodes(packageId: string, list: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/CodeStock/${packageId}/Codes`,
    headers: t.auth,
    payload: { text: list.join('\n') },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function codePackage(n: number): Promise<{ packageId: string; stocked: string[] }> {
  const packageId = await createPackage(t, gameId, { canAddQuantity: true });
  await setDelivery(packageId, true);
  const stocked = codes(n);
  await addCodes(packageId, stocked);
  return { packageId, stocked };
}

let txn = 500000;
async function buy(packageId: string, quantity = 1): Promise<PlacedOrderDto> {
  const form = multipart(orderFields(packageId, { quantity: String(quantity), transactionNumber: String(txn++) }), {
    file_ScreenShot: { data: await png() },
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return body<PlacedOrderDto>(res).payLoad;
}

const bulkComplete = (ids: string[], language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Order/Bulk',
    headers: { ...t.auth, 'accept-language': language },
    payload: { action: 'COMPLETE', ids },
  });

/** Codes held by an order, by state. */
const held = (orderId: string) => t.app.ctx.db.selectFrom('stock_codes').select(['id', 'state']).where('order_id', '=', orderId).execute();

const stockOf = (packageId: string) =>
  t.app.ctx.db.selectFrom('stock_codes').select(['id', 'state', 'order_id']).where('package_id', '=', packageId).execute();

const statusOf = async (orderId: string) =>
  (await t.app.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

const codesDelivered = async (orderId: string) =>
  body<OrderEventDto[]>(await t.app.inject({ method: 'GET', url: `/api/v1/Order/${orderId}/Timeline`, headers: t.auth })).payLoad.filter(
    (e) => e.type === 'CODES_DELIVERED',
  );

const buyerPage = async (o: PlacedOrderDto) =>
  body<TrackedOrderDto>(
    await t.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${o.code}?t=${encodeURIComponent(o.trackingToken!)}` }),
  ).payLoad;

describe('bulk completion of code orders', () => {
  it('hands each order its codes once; an order its stock cannot cover fails alone with the reason and keeps nothing', async () => {
    const a = await codePackage(3);
    const one = await buy(a.packageId, 1);
    const two = await buy(a.packageId, 2);
    // Bought before the package was sold as codes; then it became one with 1 code for an order of 2.
    const shortPackage = await createPackage(t, gameId, { canAddQuantity: true });
    const short = await buy(shortPackage, 2);
    await setDelivery(shortPackage, true);
    await addCodes(shortPackage, codes(1));
    // Not codes at all: completes as always.
    const plain = await buy(await createPackage(t, gameId), 1);

    const res = await bulkComplete([one.id, two.id, short.id, plain.id]);
    expect(res.statusCode, res.body).toBe(200);
    const result = body<BulkActionResult>(res).payLoad;
    expect(result.succeeded).toEqual([one.id, two.id, plain.id]);
    expect(result.failed).toEqual([
      { id: short.id, orderCode: short.code, code: 'completionOutOfStock', message: textOf(MSG.completionOutOfStock, 'en') },
    ]);

    // Each order its own codes, delivered, none shared; the buyer's page shows them; one timeline entry each.
    const oneCodes = await held(one.id);
    const twoCodes = await held(two.id);
    expect(oneCodes.map((c) => c.state)).toEqual(['delivered']);
    expect(twoCodes.map((c) => c.state)).toEqual(['delivered', 'delivered']);
    expect(new Set([...oneCodes, ...twoCodes].map((c) => c.id)).size).toBe(3);
    expect((await stockOf(a.packageId)).every((c) => c.state === 'delivered')).toBe(true);
    const page = await buyerPage(two);
    expect(page.delivery?.state).toBe('DELIVERED');
    expect(page.delivery?.codes.map((c) => c.code).every((c) => a.stocked.includes(c))).toBe(true);
    expect(page.delivery?.codes).toHaveLength(2);
    expect((await codesDelivered(one.id)).map((e) => e.data)).toEqual([{ count: 1 }]);
    expect((await codesDelivered(two.id)).map((e) => e.data)).toEqual([{ count: 2 }]);

    // The short order: still pending, no code half-assigned, the one code still in stock.
    expect(await statusOf(short.id)).toBe('PENDING');
    expect(await held(short.id)).toEqual([]);
    expect((await stockOf(shortPackage)).map((c) => [c.state, c.order_id])).toEqual([['available', null]]);
    expect(await codesDelivered(short.id)).toEqual([]);
    expect(await statusOf(plain.id)).toBe('COMPLETED');
    expect(await held(plain.id)).toEqual([]);

    // Completing again hands out nothing more.
    const again = body<BulkActionResult>(await bulkComplete([one.id, two.id])).payLoad;
    expect(again.succeeded).toEqual([]);
    expect(again.failed.map((f) => f.code)).toEqual(['bulkNotPending', 'bulkNotPending']);
    expect(await held(one.id)).toHaveLength(1);
    expect(await held(two.id)).toHaveLength(2);
    expect(await codesDelivered(two.id)).toHaveLength(1);

    // Burmese staff read the reason in Burmese; once stock covers it, the short order completes with both codes.
    const mm = body<BulkActionResult>(await bulkComplete([short.id], 'my')).payLoad;
    expect(mm.failed).toEqual([
      { id: short.id, orderCode: short.code, code: 'completionOutOfStock', message: textOf(MSG.completionOutOfStock, 'mm') },
    ]);
    await addCodes(shortPackage, codes(1));
    expect(body<BulkActionResult>(await bulkComplete([short.id])).payLoad).toEqual({ succeeded: [short.id], failed: [] });
    expect((await held(short.id)).map((c) => c.state)).toEqual(['delivered', 'delivered']);
  });

  it('two bulk completions of the same orders at once hand out each code once', async () => {
    const { packageId } = await codePackage(8);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await buy(packageId, 1));
    const ids = orders.map((o) => o.id);
    const [first, second] = (await Promise.all([bulkComplete(ids), bulkComplete([...ids].reverse())])).map(
      (r) => body<BulkActionResult>(r).payLoad,
    );
    // Every order completed by exactly one of the two; the other was told it is no longer pending (or changed).
    expect([...first!.succeeded, ...second!.succeeded].sort()).toEqual([...ids].sort());
    expect(first!.failed.length + second!.failed.length).toBe(8);
    for (const o of orders) {
      expect(await statusOf(o.id)).toBe('COMPLETED');
      expect((await held(o.id)).map((c) => c.state)).toEqual(['delivered']);
      expect(await codesDelivered(o.id)).toHaveLength(1);
    }
    const all = await stockOf(packageId);
    expect(all.every((c) => c.state === 'delivered')).toBe(true);
    expect(new Set(all.map((c) => c.order_id)).size).toBe(8);
  });
});
