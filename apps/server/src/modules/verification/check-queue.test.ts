// The embedded check queue while every worker is busy and more checks are due (a backlog): it must wait for a worker
// to finish, not look at the table again and again. It used to re-poll at once in a loop, which kept the event loop
// busy for the whole backlog (slowing every order placed meanwhile) and starved the low-priority OCR thread.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DIALECT, png, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { createEmbeddedQueue } from './check-queue.ts';
import { CHECK_LATE_AFTER_MS, type OrderVerification } from '@topup/contract/verification';
import { claimDue, findCheck, requeue } from './verification.repository.ts';

let t: TestApp;

beforeAll(async () => {
  // The app's own queue is paused: the queue under test is the only one working these checks.
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('embedded check queue with a backlog', () => {
  it('does not query the table while every worker is busy, and takes the next check when one finishes', async () => {
    const { packageId } = await createCatalog(t);
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t, orderFields(packageId, { transactionNumber: `55555${i}` }), {
        file_ScreenShot: { data: await png() },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const started: string[] = [];
    let finish: () => void = () => undefined;
    const queue = createEmbeddedQueue({
      db: t.app.ctx.db.withPlugin(counting),
      dialect: DIALECT,
      log: t.app.log,
      concurrency: 1,
      pollMs: 5_000,
      work: (orderId) => {
        started.push(orderId);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await queue.start();
    try {
      while (started.length === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100)); // the claim's own queries settle
      const before = queries;
      await new Promise((r) => setTimeout(r, 500));
      // Busy worker, two checks due: nothing to do until it finishes.
      expect(queries - before).toBeLessThanOrEqual(1);
      expect(started).toHaveLength(1);

      finish();
      while (started.length < 2) await new Promise((r) => setTimeout(r, 10));
      expect(new Set(started).size).toBe(2);
    } finally {
      const closing = queue.close(); // stops taking work at once; then the running check may end
      finish();
      await closing;
    }
  });
});

describe('claiming a check', () => {
  it('counts the attempt when it is claimed, and lets nobody take it again until its lease has run out', async () => {
    const { packageId } = await createCatalog(t);
    const res = await placeOrder(t, orderFields(packageId, { transactionNumber: '666666' }), { file_ScreenShot: { data: await png() } });
    const orderId = res.json().payLoad.id as string;
    const db = t.app.ctx.db;
    await db.updateTable('order_checks').set({ state: 'done' }).where('order_id', '!=', orderId).execute();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();

    expect(await claimDue(db, at(0), at(60_000), 10)).toEqual([orderId]);
    expect((await findCheck(db, orderId))!.attempts).toBe(1);
    // Held: a second worker (or instance) finds nothing, and the attempt is not counted again.
    expect(await claimDue(db, at(1_000), at(61_000), 10)).toEqual([]);
    expect((await findCheck(db, orderId))!.attempts).toBe(1);
    // The worker died without a word: once the lease has run out, the next claim is the second attempt.
    expect(await claimDue(db, at(61_000), at(121_000), 10)).toEqual([orderId]);
    expect((await findCheck(db, orderId))!.attempts).toBe(2);
  });
});

describe('under a backlog', () => {
  it('claims the newest orders first, and the oldest every fourth claim', async () => {
    const db = t.app.ctx.db;
    await db.updateTable('order_checks').set({ state: 'done' }).execute();
    const { packageId } = await createCatalog(t);
    const placed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await placeOrder(t, orderFields(packageId, { transactionNumber: `80000${i}` }), {
        file_ScreenShot: { data: await png() },
      });
      placed.push(res.json().payLoad.id as string);
      await new Promise((r) => setTimeout(r, 5)); // distinct placing times
    }
    const order: string[] = [];
    const queue = createEmbeddedQueue({
      db,
      dialect: DIALECT,
      log: t.app.log,
      concurrency: 1,
      pollMs: 5_000,
      work: async (orderId) => {
        order.push(orderId);
        await db.updateTable('order_checks').set({ state: 'done', lease_until: null }).where('order_id', '=', orderId).execute();
      },
    });
    await queue.start();
    try {
      while (order.length < 6) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await queue.close();
    }
    // Newest, newest, newest, then the oldest, then the newest of those left.
    expect(order).toEqual([placed[5], placed[4], placed[3], placed[0], placed[2], placed[1]]);
  });

  it('tells staff a check is late once its order waited a minute, and shows nothing of an earlier check while it waits again', async () => {
    const db = t.app.ctx.db;
    const { packageId } = await createCatalog(t);
    const res = await placeOrder(t, orderFields(packageId, { transactionNumber: '990000' }), { file_ScreenShot: { data: await png() } });
    const orderId = res.json().payLoad.id as string;
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}/verification`, headers: t.auth })).json()
        .payLoad as OrderVerification;
    expect(await get()).toMatchObject({ state: 'queued', verdict: 'pending', late: false });

    const longAgo = new Date(Date.now() - CHECK_LATE_AFTER_MS - 1000).toISOString();
    await db.updateTable('orders').set({ created_at: longAgo }).where('id', '=', orderId).execute();
    expect(await get()).toMatchObject({ state: 'queued', verdict: 'pending', late: true, placedAt: longAgo });

    // Checked once, then "check again": the earlier fields are not shown beside the new wait.
    const fields = [{ field: 'amount', receipt: '1000', order: '1000', result: 'match' }];
    await db
      .updateTable('order_checks')
      .set({ state: 'done', fields: JSON.stringify(fields) })
      .where('order_id', '=', orderId)
      .execute();
    await db.updateTable('orders').set({ verdict: 'match' }).where('id', '=', orderId).execute();
    expect(await get()).toMatchObject({ state: 'done', late: false, fields });
    await requeue(db, orderId, new Date().toISOString());
    expect(await get()).toMatchObject({ state: 'queued', verdict: 'pending', fields: [] });
  });
});
