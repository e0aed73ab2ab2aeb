// Two server instances sharing one PostgreSQL database: an order placed on A reaches admins on A and on B exactly
// once, a status change made on A reaches the buyer's status page streams on A and on B exactly once, and staff's
// changes made on A reach staff on B and on A exactly once (ReceiveOrderChanged), through Redis pub/sub
// (TEST_REDIS_URL) and through LISTEN/NOTIFY; a lost backplane connection comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB } from '@topup/contract/limits';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { backplaneNamespace } from './backplane.ts';
import { openBuyerStream } from '../modules/order-tracking/tracking.fixtures.ts';
import { updateOrder } from '../modules/orders/orders.fixtures.ts';
import {
  FAST,
  TRANSPORTS,
  connectClient,
  createPackage,
  listen,
  placeOrder,
  placeTrackedOrder,
  sleep,
  waitFor,
  type Client,
} from './hub.fixtures.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

async function assertRedisReachable(url: string) {
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw new Error(`TEST_REDIS_URL is set (${url}) but Redis can't be reached: ${String(err)}`, { cause: err });
  } finally {
    probe.disconnect();
  }
}

const variants: { name: string; kind: 'redis' | 'postgres'; env: Record<string, string>; skip: boolean }[] = [
  // CI sets TEST_REDIS_URL (.ci/run fails without Redis); a developer without Redis skips only this variant.
  { name: 'Redis pub/sub', kind: 'redis', env: REDIS_URL ? { REDIS_URL } : {}, skip: !REDIS_URL && !process.env.CI },
  { name: 'PostgreSQL LISTEN/NOTIFY', kind: 'postgres', env: {}, skip: false },
];

// Runs in the server-postgres project only (vitest.config.ts), which exists when TEST_DATABASE_URL is set.
describe('two instances sharing PostgreSQL', () => {
  for (const variant of variants) {
    describe.skipIf(variant.skip)(variant.name, () => {
      let a: TestApp;
      let b: TestApp;
      let baseA: string;
      let baseB: string;
      let packageId: string;
      const clients: Client[] = [];

      beforeAll(async () => {
        if (variant.kind === 'redis') {
          if (!REDIS_URL) throw new Error('TEST_REDIS_URL must be set in CI: the Redis fan-out suite may not be skipped');
          await assertRedisReachable(REDIS_URL);
        }
        a = await buildTestApp({ ...variant.env }, { dialect: 'postgres', build: { hub: FAST } });
        b = await buildTestApp({ ...variant.env }, { dialect: 'postgres', shareWith: a, build: { hub: FAST } });
        baseA = await listen(a);
        baseB = await listen(b);
        packageId = await createPackage(a);
      });

      afterAll(async () => {
        await Promise.all(clients.map((c) => c.stop()));
        await b?.close();
        await a?.close();
      });

      it(`uses the ${variant.kind} backplane on both instances`, () => {
        expect(a.app.hub.backplaneKind).toBe(variant.kind);
        expect(b.app.hub.backplaneKind).toBe(variant.kind);
      });

      it('an order placed on A reaches admins connected to B (both transports) and to A, exactly once each', async () => {
        const onB = await Promise.all(TRANSPORTS.map(({ transport }) => connectClient(baseB, transport, () => b.tokens.accessToken)));
        const onA = await connectClient(baseA, TRANSPORTS[0].transport, () => a.tokens.accessToken);
        const all = [...onB, onA];
        clients.push(...all);

        const order = await placeOrder(a, packageId);
        await waitFor(() => all.every((c) => c.orders.length >= 1 && c.notifications.length >= 1), 'the order on every client');
        await sleep(500);
        for (const c of all) {
          expect(c.orders.map((o) => o.id)).toEqual([order.id]);
          expect(c.notifications.map((n) => n.orderId)).toEqual([order.id]);
          expect(c.orders[0]).toEqual(order);
        }
        await Promise.all(all.map((c) => c.stop()));
      });

      it("a status change made on A reaches the buyer's status streams on B and on A, exactly once, as the buyer's view", async () => {
        const { order, trackingToken } = await placeTrackedOrder(a, packageId, 'buyer-on-b');
        const other = await placeTrackedOrder(a, packageId, 'someone-else');
        const onB = openBuyerStream(baseB, order.code!, trackingToken);
        const onA = openBuyerStream(baseA, order.code!, trackingToken);
        const otherOnB = openBuyerStream(baseB, other.order.code!, other.trackingToken);
        try {
          for (const s of [onB, onA, otherOnB]) expect(await s.waitFor(1)).toHaveLength(1);
          expect(onB.frames[0]).toMatchObject({ code: order.code, stage: 'PLACED' });

          const res = await updateOrder(a, order.id, { orderStatus: 'CANCELLED', cancelReason: 'PAYMENT_NOT_RECEIVED' });
          expect(res.statusCode, res.body).toBe(200);
          const [, changed] = await onB.waitFor(2);
          expect(changed).toMatchObject({
            code: order.code,
            stage: 'CANCELLED',
            status: 'CANCELLED',
            cancelReason: 'PAYMENT_NOT_RECEIVED',
          });
          await onA.waitFor(2);
          await sleep(400);
          expect(onB.frames).toHaveLength(2);
          expect(onA.frames).toHaveLength(2);
          expect(otherOnB.frames).toHaveLength(1);
          // What crossed the backplane is what the API shows the buyer: the same fields, nothing of staff or the proof.
          expect(Object.keys(changed!).sort()).toEqual(Object.keys(onB.frames[0]!).sort());
          expect(onA.frames[1]).toEqual(changed);
          for (const secret of [order.id, order.inGameUserId, order.transactionNumber, 'screenShot', 'operator', 'admin@']) {
            expect(JSON.stringify(changed)).not.toContain(secret);
          }
        } finally {
          for (const s of [onB, onA, otherOnB]) s.close();
        }
      });

      it("staff's changes made on A reach staff on B (both transports) and on A, exactly once each, deletions and cleans included", async () => {
        const onB = await Promise.all(TRANSPORTS.map(({ transport }) => connectClient(baseB, transport, () => b.tokens.accessToken)));
        const onA = await connectClient(baseA, TRANSPORTS[0].transport, () => a.tokens.accessToken);
        const all = [...onB, onA];
        clients.push(...all);
        const seen = new Map<Client, OrderChangedEvent[]>(all.map((c) => [c, []]));
        for (const c of all) c.connection.on(HUB.events.changed, (e: OrderChangedEvent) => void seen.get(c)!.push(e));
        const of = (c: Client, id: string) => seen.get(c)!.filter((e) => e.orderId === id);

        const completed = await placeOrder(a, packageId);
        const deleted = await placeOrder(a, packageId);
        const cleaned = await Promise.all([placeOrder(a, packageId), placeOrder(a, packageId)]);
        const res = await updateOrder(a, completed.id, { orderStatus: 'COMPLETED', expectedUpdatedAt: completed.updatedAt });
        expect(res.statusCode, res.body).toBe(200);
        expect((await a.app.inject({ method: 'DELETE', url: `/api/v1/Order/${deleted.id}`, headers: a.auth })).statusCode).toBe(200);
        for (const o of cleaned) {
          await a.app.ctx.db
            .updateTable('orders')
            .set({ status: 'CANCELLED', created_at: '2020-01-01T00:00:00.000Z' })
            .where('id', '=', o.id)
            .execute();
        }
        const clean = await a.app.inject({
          method: 'POST',
          url: '/api/v1/Order/Clean-Order',
          headers: a.auth,
          payload: { type: 'MONTHLY', count: 1 },
        });
        expect(clean.statusCode, clean.body).toBe(200);

        const ids = [completed.id, deleted.id, ...cleaned.map((o) => o.id)];
        await waitFor(() => all.every((c) => ids.every((id) => of(c, id).length >= 1)), 'every change on every client', 8000);
        await sleep(500);
        const saved = res.json().payLoad as { updatedAt: string };
        for (const c of all) {
          expect(of(c, completed.id)).toEqual([
            expect.objectContaining({
              changes: ['status'],
              updatedAt: saved.updatedAt,
              order: expect.objectContaining({ status: 'COMPLETED' }),
            }),
          ]);
          expect(of(c, deleted.id)).toEqual([expect.objectContaining({ deleted: true, order: null })]);
          for (const o of cleaned) expect(of(c, o.id)).toEqual([expect.objectContaining({ deleted: true, changes: ['deleted'] })]);
        }
        await Promise.all(all.map((c) => c.stop()));
      });

      it('carries an event larger than one NOTIFY payload (8000 bytes) intact', async () => {
        const client = await connectClient(baseB, TRANSPORTS[0].transport, () => b.tokens.accessToken);
        clients.push(client);
        const order = await placeOrder(a, packageId);
        // Burmese text is three bytes a character in UTF-8: about 27 KB of title.
        const big = { ...order, id: `${order.id}-big`, gameTitle: 'မြန်မာ'.repeat(1500) };
        a.app.ctx.events.orderCreated({
          order: big,
          notification: { id: 'n-big', orderId: big.id, message: 'big', isRead: false, createdAt: order.createdAt },
        });
        await waitFor(() => client.orders.some((o) => o.id === big.id), 'the large event');
        expect(client.orders.find((o) => o.id === big.id)).toEqual(big);
        await sleep(200);
        expect(client.orders.filter((o) => o.id === big.id)).toHaveLength(1);
        await client.stop();
      });

      // LISTEN/NOTIFY only: the Redis client's reconnect is ioredis's own.
      if (variant.kind === 'postgres')
        it('a lost LISTEN connection reconnects by itself; clients are told to catch up', async () => {
          const client = await connectClient(baseB, TRANSPORTS[0].transport, () => b.tokens.accessToken);
          clients.push(client);
          const tracked = await placeTrackedOrder(a, packageId, 'buyer-during-gap');
          const buyer = openBuyerStream(baseB, tracked.order.code!, tracked.trackingToken);
          await buyer.waitFor(1);
          const namespace = await backplaneNamespace(b.app.ctx);
          const admin = new pg.Client({ connectionString: PG_URL });
          await admin.connect();
          try {
            const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
              `topup-hub-${namespace}`,
            ]);
            expect(rowCount).toBe(2);
          } finally {
            await admin.end();
          }
          await waitFor(() => client.events.includes('reconnected'), 'the client told to reconnect after the backplane came back', 8000);
          expect(client.events[0]).toMatch(/reconnecting: .*catch up/);
          // Buyers' streams on B are ended too: the page reconnects and starts from the order as it is now.
          await buyer.ended;
          buyer.close();
          const order = await placeOrder(a, packageId);
          await waitFor(() => client.orders.some((o) => o.id === order.id), 'an order after the backplane reconnected');
          await sleep(300);
          expect(client.orders.filter((o) => o.id === order.id)).toHaveLength(1);
          await client.stop();
        });
    });
  }
});
