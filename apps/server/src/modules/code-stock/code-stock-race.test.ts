// Two instances on one PostgreSQL database (server-postgres; on SQLite, which one instance serves, 200 requests at
// once on that instance) racing for one package's codes: 200 completions at once, half on each, never hand one code to two orders, give each completed order
// exactly its quantity, and refuse the rest whole; 200 purchases at once reserve exactly the stock there is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeStockDto } from '@topup/contract/code-stock';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { DIALECT, body, buildTestApp, multipart, orderRow, type TestApp } from '../../../test/helpers.ts';
import { createGame, createPackage } from '../orders/orders.fixtures.ts';
import { issueToken } from '../order-tracking/order-tracking.service.ts';
import { newOrderCode } from '../orders/placement.service.ts';

const env: Record<string, string> = DIALECT === 'postgres' && process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
let a: TestApp;
let b: TestApp;
let gameId: string;

beforeAll(async () => {
  a = await buildTestApp(env, { build: { paymentNoticeSweepMs: 0 } });
  // SQLite is one instance's database: its single writer is the race there.
  b = DIALECT === 'postgres' ? await buildTestApp(env, { shareWith: a, build: { paymentNoticeSweepMs: 0 } }) : a;
  gameId = await createGame(a, { title: 'Race vouchers' });
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

async function codePackage(codes: number): Promise<string> {
  const packageId = await createPackage(a, gameId, { price: 1000, canAddQuantity: true });
  await a.app.inject({
    method: 'PUT',
    url: `/api/v1/TokenPackage/${packageId}/Delivery`,
    headers: a.auth,
    payload: { isCodeProduct: true, deliveryMode: 'STAFF' },
  });
  const text = Array.from({ length: codes }, (_, i) => `RACE-${packageId.slice(0, 8)}-${i}`).join('\n');
  const res = await a.app.inject({ method: 'POST', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: a.auth, payload: { text } });
  expect(res.statusCode, res.body).toBe(200);
  return packageId;
}

const stockOf = async (packageId: string) =>
  body<CodeStockDto>(await a.app.inject({ method: 'GET', url: `/api/v1/CodeStock/${packageId}`, headers: a.auth })).payLoad;

describe('code assignment under races', () => {
  it('200 completions at once (two instances on PostgreSQL): each code to one order, N codes or none', async () => {
    const packageId = await codePackage(200);
    // Placed before the package sold codes (nothing reserved): every completion claims its codes in the race.
    const orders = Array.from({ length: 200 }, (_, i) =>
      orderRow({ package_id: packageId, quantity: i % 5 === 0 ? 2 : 1, code: newOrderCode() }),
    );
    await a.app.ctx.db.insertInto('orders').values(orders).execute();
    const wanted = orders.reduce((n, o) => n + o.quantity!, 0);
    expect(wanted).toBe(240);

    const answers = await Promise.all(
      orders.map((o, i) => {
        const t = i % 2 === 0 ? a : b;
        const form = multipart({ orderStatus: 'COMPLETED' }, {});
        return t.app.inject({
          method: 'PUT',
          url: `/api/v1/Order/${o.id}`,
          headers: { ...form.headers, ...t.auth },
          payload: form.payload,
        });
      }),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      JSON.stringify([...new Set(statuses)]),
    ).toBe(true);
    const completed = orders.filter((_, i) => statuses[i] === 200);
    const refused = orders.filter((_, i) => statuses[i] === 409);
    expect(refused.every((_, i) => body(answers[orders.indexOf(refused[i]!)]!).code === 'completionOutOfStock')).toBe(true);

    const rows = await a.app.ctx.db.selectFrom('stock_codes').selectAll().where('package_id', '=', packageId).execute();
    const delivered = rows.filter((r) => r.state === 'delivered');
    // Everything was taken that could be, by completed orders only, each exactly its quantity.
    expect(delivered).toHaveLength(completed.reduce((n, o) => n + o.quantity!, 0));
    // No code lost or taken twice: each is delivered once or still available (a claim that lost a race frees its rows).
    expect(delivered.length + rows.filter((r) => r.state === 'available').length).toBe(200);
    expect(new Set(delivered.map((r) => r.id)).size).toBe(delivered.length);
    expect(completed.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.state === 'reserved')).toHaveLength(0);
    const perOrder = new Map<string, number>();
    for (const r of delivered) perOrder.set(r.order_id!, (perOrder.get(r.order_id!) ?? 0) + 1);
    for (const o of completed) expect(perOrder.get(o.id)).toBe(o.quantity);
    for (const o of refused) expect(perOrder.get(o.id)).toBeUndefined();
    const refusedRows = await a.app.ctx.db
      .selectFrom('orders')
      .select('status')
      .where(
        'id',
        'in',
        refused.map((o) => o.id),
      )
      .execute();
    expect(refusedRows.every((r) => r.status === 'PENDING')).toBe(true);

    // What buyers see: every code exactly once across all pages.
    const seen: string[] = [];
    for (const o of completed.slice(0, 60)) {
      const token = await issueToken(a.app.ctx, o.id);
      const page = body<TrackedOrderDto>(
        await b.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${o.code}?t=${encodeURIComponent(token)}` }),
      ).payLoad;
      expect(page.delivery!.codes).toHaveLength(o.quantity!);
      seen.push(...page.delivery!.codes.map((c) => c.code));
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('200 purchases at once (two instances on PostgreSQL) reserve exactly the stock there is', async () => {
    const packageId = await codePackage(100);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const t = i % 2 === 0 ? a : b;
        const row = orderRow({ package_id: packageId, quantity: 1 });
        try {
          await t.app.ctx.db.transaction().execute(async (trx) => {
            await trx.insertInto('orders').values(row).execute();
            await t.app.ctx.codeStock.reserve(trx, { id: row.id, packageId, quantity: 1 });
          });
          return 'placed';
        } catch (err) {
          return (err as { statusCode?: number }).statusCode === 409 ? 'refused' : String(err);
        }
      }),
    );
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(100);
    expect(await stockOf(packageId)).toMatchObject({ available: 0, reserved: 100 });
  });
});
