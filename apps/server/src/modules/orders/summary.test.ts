// GET /api/v1/Order/summary: pending count and oldest, per-day orders and completed revenue in the admin's local days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummaryDto } from '@topup/contract/order-summary';
import { body, buildTestApp, orderRow, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function insertOrder(createdAt: Date, status: string, subTotal: number, currency = 'MMK', isRead = 0) {
  const iso = createdAt.toISOString();
  await t.app.ctx.db
    .insertInto('orders')
    .values(
      orderRow({
        package_price: subTotal,
        package_currency: currency,
        sub_total: subTotal,
        status,
        is_read: isRead,
        created_at: iso,
        updated_at: iso,
      }),
    )
    .execute();
}

describe('order summary', () => {
  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Order/summary' });
    expect(res.statusCode).toBe(401);
  });

  it('answers zeros and 14 days on an empty shop', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/order/summary', headers: t.auth });
    expect(res.statusCode).toBe(200);
    const s = body<OrderSummaryDto>(res).payLoad;
    expect(s.pendingCount).toBe(0);
    expect(s.oldestPendingAt).toBeNull();
    expect(s.days).toHaveLength(14);
    expect(s.today).toEqual(s.days[13]);
    expect(s.today.orders).toBe(0);
  });

  it('counts pending work, today and the last 14 local days', async () => {
    const now = Date.now();
    const oldest = new Date(now - 20 * 24 * HOUR);
    await insertOrder(oldest, 'PENDING', 1000);
    await insertOrder(new Date(now - 1000), 'PENDING', 2000);
    await insertOrder(new Date(now - 2000), 'COMPLETED', 3000, 'MMK', 1);
    await insertOrder(new Date(now - 3000), 'COMPLETED', 4.5, 'USD', 1);
    await insertOrder(new Date(now - 4000), 'CANCELLED', 9999, 'MMK', 1);
    await insertOrder(new Date(now - 3 * 24 * HOUR), 'COMPLETED', 500, 'MMK', 1);
    await insertOrder(new Date(now - 30 * 24 * HOUR), 'COMPLETED', 7000, 'MMK', 1);

    // UTC+6:30 (Myanmar) as a browser reports it: getTimezoneOffset() = -390.
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Order/summary?tzOffset=-390', headers: t.auth });
    expect(res.statusCode).toBe(200);
    const s = body<OrderSummaryDto>(res).payLoad;
    expect(s.pendingCount).toBe(2);
    expect(s.oldestPendingAt).toBe(oldest.toISOString());
    expect(s.unreadCount).toBe(2);
    expect(s.today.date).toBe(new Date(now + 390 * 60_000).toISOString().slice(0, 10));
    expect(s.today.orders).toBe(4);
    expect(s.today.completed).toBe(2);
    expect(s.today.revenue).toEqual(
      expect.arrayContaining([
        { currency: 'MMK', amount: 3000 },
        { currency: 'USD', amount: 4.5 },
      ]),
    );
    const total = s.days.reduce((n, d) => n + d.orders, 0);
    expect(total).toBe(5);
    expect(s.days[10]!.revenue).toEqual([{ currency: 'MMK', amount: 500 }]);
  });
});
