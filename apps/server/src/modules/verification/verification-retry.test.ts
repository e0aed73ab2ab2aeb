// A check whose work keeps failing for a reason retrying might fix (here: the OCR step throws) is retried with backoff
// and then marked "could not be checked", never left pending. The failing text reader is a stand-in: a real OCR
// failure can't be produced on demand. Everything else (database, queue, files, re-encoding) is real.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import { body, buildTestApp, DIALECT, png, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';

const useRedis = DIALECT === 'postgres' && !!process.env.TEST_REDIS_URL;
let t: TestApp;
let reads = 0;

beforeAll(async () => {
  t = await buildTestApp(useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}, {
    build: {
      verification: {
        queuePrefix: `test-${randomUUID()}`,
        settings: { retryBaseMs: 100, maxAttempts: 3 },
        pollMs: 100,
        reader: {
          read: async () => {
            reads++;
            throw new Error('OCR worker crashed');
          },
          close: async () => undefined,
        },
      },
    },
  });
});
afterAll(() => t.close());

describe('a check that keeps failing', () => {
  it('is retried with backoff, then marked "could not be checked"', async () => {
    const { packageId } = await createCatalog(t);
    const res = await placeOrder(t, orderFields(packageId), { file_ScreenShot: { data: await png(200, 300) } });
    expect(res.statusCode).toBe(201);
    const id = body<OrderDto>(res).payLoad.id;
    const started = Date.now();
    for (;;) {
      const check = await t.app.ctx.db.selectFrom('order_checks').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
      if (check.state !== 'queued') {
        expect(check.state).toBe('failed');
        expect(check.attempts).toBe(3);
        expect(check.error).toBe('The check failed repeatedly.');
        break;
      }
      if (Date.now() - started > 20_000) throw new Error(`still queued: ${JSON.stringify(check)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(reads).toBe(3);
    // Backoff: 100 ms, then 200 ms between the three attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const order = await t.app.ctx.db.selectFrom('orders').select('verdict').where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.verdict).toBe('failed');
    // The timeline says so once, with the shop (no person) as the actor.
    const checked = await t.app.ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', id)
      .where('type', '=', 'CHECKED')
      .execute();
    expect(checked.map((e) => [e.actor_id, JSON.parse(e.data)])).toEqual([[null, { verdict: 'failed', isDuplicate: false }]]);
  }, 30_000);
});
