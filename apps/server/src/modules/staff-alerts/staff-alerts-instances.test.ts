// Two instances of the shop on one PostgreSQL database, both sending alerts: each alert leaves once. Both see the same
// event (as if each had placed or checked the order), both scan for late orders at the same moment, and both pollers
// race for due deliveries; the device still receives one push per order and kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orderRow, type TestApp } from '../../../test/helpers.ts';
import { createPackage, placeOrder, sleep, waitFor } from '../../realtime/hub.fixtures.ts';
import { startPushService, type PushService } from './push-service.fixtures.ts';

const ALERTS = { allowLoopbackHttp: true, pollMs: 20, lateScanMs: 50, retryBaseMs: 100 };
let a: TestApp;
let b: TestApp;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  a = await buildTestApp({}, { dialect: 'postgres', build: { staffAlerts: ALERTS } });
  b = await buildTestApp({}, { dialect: 'postgres', shareWith: a, build: { staffAlerts: ALERTS } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await push?.close();
});

describe('two instances', () => {
  it('share the VAPID keys of one DATA_DIR', () => {
    expect(b.config.vapid).toEqual(a.config.vapid);
  });

  it('send each alert once per device', async () => {
    const phone = push.device('/phone');
    const tablet = push.device('/tablet');
    for (const [t, device] of [
      [a, phone],
      [b, tablet],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/Push/Subscription', headers: t.auth, payload: device.subscription });
      expect(res.statusCode).toBe(200);
    }
    const packageId = await createPackage(a, 'Gems');
    const placed = [
      await placeOrder(a, packageId, 'two-1'),
      await placeOrder(b, packageId, 'two-2'),
      await placeOrder(a, packageId, 'two-3'),
    ];
    // Both instances hear of the same orders' problems, at once.
    for (const order of placed) {
      await Promise.all([
        a.app.ctx.staffAlerts.alertOrder(order.id, 'checkProblem'),
        b.app.ctx.staffAlerts.alertOrder(order.id, 'checkProblem'),
      ]);
    }
    // A late order that both instances' scans find (they run every 50 ms), and one more scan each at the same moment.
    const late = orderRow({ code: 'LATE2X1', created_at: new Date(Date.now() - 150_000).toISOString() });
    await a.app.ctx.db.insertInto('orders').values(late).execute();
    await Promise.all([a.app.ctx.staffAlerts.scanLateOrders(), b.app.ctx.staffAlerts.scanLateOrders()]);

    const expected = placed.length * 2 + 1;
    await waitFor(
      () =>
        push.received.filter((r) => r.path === '/phone').length >= expected &&
        push.received.filter((r) => r.path === '/tablet').length >= expected,
      'every push',
      10_000,
    );
    await sleep(500);
    expect(push.rejected).toEqual([]);
    for (const path of ['/phone', '/tablet']) {
      const keys = push.received.filter((r) => r.path === path).map((r) => `${r.payload.kind}:${r.payload.orderId}`);
      expect(keys.sort()).toEqual([...placed.flatMap((o) => [`newOrder:${o.id}`, `checkProblem:${o.id}`]), `lateOrder:${late.id}`].sort());
    }
  });
});
