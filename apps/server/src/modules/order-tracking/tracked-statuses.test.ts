// "My orders": a buyer's page asks for the status of every order it holds a private link to, in one request.
// Only pairs of code and token that match are answered; a wrong code and a wrong token look the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKED_STATUSES_MAX, type TrackedStatusDto } from '@topup/contract/order-tracking';
import type { PlacedOrderDto } from '@topup/contract/orders';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from '../orders/orders.fixtures.ts';
import { STATUSES_LIMITS } from './order-tracking.routes.ts';

let t: TestApp;
let packageId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ packageId } = await createCatalog(t));
});
afterAll(() => t.close());

async function placed(): Promise<PlacedOrderDto> {
  const res = await placeOrder(t, orderFields(packageId));
  expect(res.statusCode, res.body).toBe(201);
  return body<PlacedOrderDto>(res).payLoad;
}

const statuses = (payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/OrderTracking/statuses', payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('POST /api/v1/OrderTracking/statuses', () => {
  it('answers status, stage and time of each matching pair, in the order asked, leaving out the rest alike', async () => {
    const a = await placed();
    const b = await placed();
    const c = await placed();
    expect((await updateOrder(t, b.id, { orderStatus: 'COMPLETED' })).statusCode).toBe(200);
    const res = await statuses({
      orders: [
        { code: b.code!.toLowerCase(), token: b.trackingToken! },
        { code: a.code!, token: a.trackingToken! },
        // c with a's token, and an unknown code with c's token: both simply absent.
        { code: c.code!, token: a.trackingToken! },
        { code: 'ZZZZZZZZ', token: c.trackingToken! },
        { code: '', token: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = body<TrackedStatusDto[]>(res).payLoad;
    const bNow = await t.app.ctx.db.selectFrom('orders').select('updated_at').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(list).toEqual([
      { code: b.code, status: 'COMPLETED', stage: 'COMPLETED', updatedAt: bNow.updated_at },
      { code: a.code, status: 'PENDING', stage: 'PLACED', updatedAt: a.updatedAt },
    ]);
  });

  it('refuses an empty list, more than the maximum, and a body of the wrong shape, naming the field', async () => {
    const empty = await statuses({ orders: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(body(empty).errors ?? {})).toEqual(['orders']);
    const many = Array.from({ length: TRACKED_STATUSES_MAX + 1 }, () => ({ code: 'ABCDEFGH', token: 'x' }));
    expect((await statuses({ orders: many })).statusCode).toBe(400);
    expect((await statuses({ orders: [{ code: 1, token: [] }] })).statusCode).toBe(400);
    expect(
      (await statuses({ orders: Array.from({ length: TRACKED_STATUSES_MAX }, () => ({ code: 'ABCDEFGH', token: 'x' })) })).statusCode,
    ).toBe(200);
  });

  it('is rate-limited per address', async () => {
    const one = { orders: [{ code: 'ABCDEFGH', token: 'x' }] };
    for (let i = 0; i < STATUSES_LIMITS.perAddress; i++) expect((await statuses(one, '10.2.2.2')).statusCode).toBe(200);
    const limited = await statuses(one, '10.2.2.2');
    expect(limited.statusCode).toBe(429);
    expect(body(limited).code).toBe('tooManyRequests');
    expect((await statuses(one, '10.3.3.3')).statusCode).toBe(200);
  });
});
