// Orders' timelines: each kind of entry written with its change and never without it, read by staff only,
// kept (with edited values erased) when an order is deleted; optimistic concurrency on PUT /Order; SLA figures
// computed in SQL from seeded events with known times, per staff, today vs 14 days, across the shop's midnight.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import type { SlaDto } from '@topup/contract/order-summary';
import { register } from '../auth/auth.service.ts';
import { ADMIN, body, buildTestApp, login, multipart, putShopSettings, shopSettingsFields, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from './orders.fixtures.ts';
import { record, sla } from './timeline.service.ts';

let t: TestApp;
let packageId: string;
const STAFF = { email: 'staff@test.local', password: 'staff-password-123' };
let staffAuth: { authorization: string };
let staffId: string;
let ownerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ packageId } = await createCatalog(t, { serverType: 'ZONEID' }));
  staffId = (await register(t.app.ctx, { ...STAFF, role: 'staff' })).id;
  staffAuth = { authorization: `Bearer ${(await login(t.app, STAFF.email, STAFF.password)).accessToken}` };
  ownerId = (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

async function placed(): Promise<OrderDto> {
  const res = await placeOrder(t, orderFields(packageId, { serverInfo: '1234' }));
  expect(res.statusCode, res.body).toBe(201);
  return body<OrderDto>(res).payLoad;
}

async function timeline(id: string, auth = t.auth): Promise<OrderEventDto[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${id}/Timeline`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<OrderEventDto[]>(res).payLoad;
}

const countEvents = async (orderId: string) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('order_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('timeline entries', () => {
  it('placing records PLACED by nobody, at the order time; staff read it, strangers cannot', async () => {
    const order = await placed();
    const events = await timeline(order.id, staffAuth);
    expect(events).toEqual([
      { id: expect.any(String), orderId: order.id, type: 'PLACED', at: order.createdAt, actor: null, data: { code: order.code } },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Order/${order.id}/Timeline` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Order/${randomUUID()}/Timeline`, headers: t.auth })).statusCode).toBe(404);
  });

  it('reading records READ once, by who read it', async () => {
    const order = await placed();
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${order.id}`, headers: staffAuth })).statusCode).toBe(200);
    const reads = (await timeline(order.id)).filter((e) => e.type === 'READ');
    expect(reads.map((e) => e.actor)).toEqual([{ id: staffId, email: STAFF.email }]);
  });

  it('a status change and edits are recorded old → new, with reason, note and who', async () => {
    const order = await placed();
    const res = await updateOrder(t, order.id, {
      orderStatus: 'CANCELLED',
      cancelReason: 'AMOUNT_MISMATCH',
      cancelNote: 'Paid 500 less',
      inGameUserId: 'player-2',
      serverInfo: '5678',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reopened = await updateOrder(t, order.id, { orderStatus: 'PENDING', statusNote: 'Buyer paid the rest' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const events = (await timeline(order.id)).slice(1);
    const owner = { id: ownerId, email: ADMIN.email };
    expect(events.map(({ type, actor, data }) => ({ type, actor, data }))).toEqual([
      {
        type: 'STATUS_CHANGED',
        actor: owner,
        data: { from: 'PENDING', to: 'CANCELLED', reason: 'AMOUNT_MISMATCH', note: 'Paid 500 less', bulk: false },
      },
      {
        type: 'EDITED',
        actor: owner,
        data: {
          changes: [
            { field: 'inGameUserId', from: 'player-1', to: 'player-2' },
            { field: 'serverInfo', from: '1234', to: '5678' },
          ],
        },
      },
      {
        type: 'STATUS_CHANGED',
        actor: owner,
        data: { from: 'CANCELLED', to: 'PENDING', reason: null, note: 'Buyer paid the rest', bulk: false },
      },
    ]);
    // The entry's time is the order's new updatedAt: the two always agree.
    expect(events.at(-1)!.at).toBe(body<OrderDto>(reopened).payLoad.updatedAt);
  });

  it('a refused change records nothing; a note without a status change is refused on its field', async () => {
    const order = await placed();
    const before = await countEvents(order.id);
    const bad = await updateOrder(t, order.id, { orderStatus: 'CANCELLED', cancelReason: 'OTHER' });
    expect(bad.statusCode).toBe(400);
    const note = await updateOrder(t, order.id, { statusNote: 'nothing changed' });
    expect(note.statusCode).toBe(400);
    expect(body(note).errors).toEqual({ statusNote: [textOf(MSG.statusNoteNeedsChange)] });
    expect(await countEvents(order.id)).toBe(before);
  });

  it('an event written inside a transaction that fails is rolled back with it', async () => {
    const order = await placed();
    const before = await countEvents(order.id);
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ status: 'COMPLETED' }).where('id', '=', order.id).execute();
        await record(trx, { orderId: order.id, actor: null, type: 'READ', data: {} });
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countEvents(order.id)).toBe(before);
    expect((await t.app.ctx.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(
      'PENDING',
    );
  });

  it('deleting keeps the timeline with who deleted it, erases the edited values, and serves it no more', async () => {
    const order = await placed();
    await updateOrder(t, order.id, { mobileNumber: '09987654321' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${order.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Order/${order.id}/Timeline`, headers: t.auth })).statusCode).toBe(404);
    const rows = await t.app.ctx.db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).orderBy('at').execute();
    expect(rows.map((r) => [r.type, JSON.parse(r.data)])).toEqual([
      ['PLACED', { code: order.code }],
      ['EDITED', { changes: [{ field: 'mobileNumber', from: null, to: null }] }],
      ['DELETE_REQUESTED', { code: order.code }],
    ]);
    expect(rows.at(-1)!.actor_email).toBe(ADMIN.email);
  });

  it('the retention cleaning takes the timelines of the cleaned orders with them', async () => {
    const order = await placed();
    await updateOrder(t, order.id, { orderStatus: 'COMPLETED' });
    const kept = await placed();
    await t.app.ctx.db.updateTable('orders').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', order.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Clean-Order',
      headers: t.auth,
      payload: { type: 'MONTHLY', count: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countEvents(order.id)).toBe(0);
    expect(await countEvents(kept.id)).toBe(1);
  });

  it('no route changes or deletes an event', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes.toLowerCase()).not.toMatch(/timeline[^\n]*(put|delete|patch|post)/);
  });
});

describe('optimistic concurrency', () => {
  it('refuses a change based on an order someone else changed since, naming them; accepts a fresh one', async () => {
    const order = await placed();
    const seen = order.updatedAt;
    const other = await updateOrder(t, order.id, { orderStatus: 'COMPLETED', expectedUpdatedAt: seen }, {});
    expect(other.statusCode, other.body).toBe(200);

    const form = multipart({ orderStatus: 'CANCELLED', cancelReason: 'DUPLICATE', expectedUpdatedAt: seen });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Order/${order.id}`,
      headers: { ...staffAuth, ...form.headers },
      payload: form.payload,
    });
    expect(stale.statusCode).toBe(409);
    const err = body(stale);
    expect(err.code).toBe('orderChanged');
    expect(err.message).toBe(textOf(MSG.orderChanged(ADMIN.email)));
    expect(err.message).toContain(ADMIN.email);
    expect(Object.keys(err.errors!)).toEqual(['expectedUpdatedAt']);
    const after = (await timeline(order.id)).filter((e) => e.type === 'STATUS_CHANGED');
    expect(after).toHaveLength(1);

    const fresh = body<OrderDto>(other).payLoad.updatedAt;
    // The same instant written with another offset is the same time.
    const shifted = new Date(Date.parse(fresh)).toISOString().replace('Z', '+00:00');
    const ok = await updateOrder(t, order.id, { orderStatus: 'PENDING', expectedUpdatedAt: shifted });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<OrderDto>(ok).payLoad.updatedAt > fresh).toBe(true);
  });

  it('without expectedUpdatedAt the spec behaviour stays: the last write wins', async () => {
    const order = await placed();
    await updateOrder(t, order.id, { orderStatus: 'COMPLETED' });
    const res = await updateOrder(t, order.id, { orderStatus: 'CANCELLED' });
    expect(res.statusCode).toBe(200);
    expect(body<OrderDto>(res).payLoad.status).toBe('CANCELLED');
  });

  it('answers the conflict in Burmese too', async () => {
    const order = await placed();
    const form = multipart({ orderStatus: 'COMPLETED', expectedUpdatedAt: '2020-01-01T00:00:00.000Z' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Order/${order.id}`,
      headers: { ...t.auth, ...form.headers, 'accept-language': 'my' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(textOf(MSG.orderChanged(null), 'mm'));
  });
});

describe('SLA figures', () => {
  // 09:30 on 15 June in Yangon (+06:30): the shop's day began at 17:30 UTC on the 14th.
  const NOW = Date.parse('2025-06-15T03:00:00.000Z');
  const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000).toISOString();
  let staffA: { id: string; email: string };
  let staffB: { id: string; email: string };

  async function completion(placedAt: string, seconds: number, by: { id: string; email: string }, extra: Array<[number, string]> = []) {
    const orderId = randomUUID();
    const db = t.app.ctx.db;
    await record(db, { orderId, actor: null, at: placedAt, type: 'PLACED', data: { code: null } });
    await record(db, {
      orderId,
      actor: by,
      at: at(placedAt, seconds),
      type: 'STATUS_CHANGED',
      data: { from: 'PENDING', to: 'COMPLETED', reason: null, note: null, bulk: false },
    });
    for (const [after, to] of extra) {
      await record(db, {
        orderId,
        actor: by,
        at: at(placedAt, after),
        type: 'STATUS_CHANGED',
        data: { from: 'COMPLETED', to: to as 'PENDING', reason: null, note: null, bulk: false },
      });
    }
  }

  beforeAll(async () => {
    const res = await putShopSettings(t.app, t.auth, shopSettingsFields({ timeZone: 'Asia/Yangon', deliveryMinutes: '3' }));
    expect(res.statusCode, res.body).toBe(200);
    staffA = { id: randomUUID(), email: 'a@test.local' };
    staffB = { id: randomUUID(), email: 'b@test.local' };
    // Today (Yangon): A completes in 60, 120, 180, 240 and 600 s; B in 200 s, completed exactly at the shop's midnight.
    for (const [i, s] of [60, 120, 180, 240, 600].entries()) await completion(at('2025-06-15T01:00:00.000Z', i * 60), s, staffA);
    await completion(at('2025-06-14T17:30:00.000Z', -200), 200, staffB);
    // Yesterday, half an hour before the shop's midnight (still today in UTC): B in 30 s.
    await completion(at('2025-06-14T17:00:00.000Z', -30), 30, staffB);
    // Fifteen days ago: outside the 14 days.
    await completion('2025-05-31T05:00:00.000Z', 10, staffA);
    // First completed 20 days ago, reopened and completed again today: only its first completion counts (outside).
    await completion('2025-05-26T05:00:00.000Z', 50, staffA, [
      [100, 'PENDING'],
      [(NOW - Date.parse('2025-05-26T05:00:00.000Z')) / 1000 - 60, 'COMPLETED'],
    ]);
  });

  it('median, 90th percentile (nearest rank) and share within the promise, today and over 14 days, per staff', async () => {
    const figures = await sla(t.app.ctx, NOW);
    expect(figures.targetMinutes).toBe(3);
    expect(figures.timeZone).toBe('Asia/Yangon');
    expect(figures.date).toBe('2025-06-15');
    // Today: 60 120 180 200 240 600 → median rank 3, p90 rank 6; 3 of 6 within 180 s.
    expect(figures.today).toEqual({ completed: 6, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.5, late: 3 });
    // 14 days: 30 60 120 180 200 240 600 → ranks 4 and 7; 4 of 7 within.
    expect(figures.last14Days).toEqual({ completed: 7, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.571, late: 3 });
    expect(figures.lateNow).toBe(0);
    expect(figures.perStaff).toEqual([
      {
        userId: staffA.id,
        email: staffA.email,
        today: { completed: 5, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.6, late: 2 },
        last14Days: { completed: 5, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.6, late: 2 },
      },
      {
        userId: staffB.id,
        email: staffB.email,
        today: { completed: 1, medianSeconds: 200, p90Seconds: 200, withinTargetShare: 0, late: 1 },
        last14Days: { completed: 2, medianSeconds: 30, p90Seconds: 200, withinTargetShare: 0.5, late: 1 },
      },
    ]);
  });

  it('moves the day with the shop time zone, and answers through the API', async () => {
    // In UTC the shop's day began at 00:00 UTC: B's 30 s completion (17:00 UTC on the 14th) is yesterday there too,
    // but B's midnight one (17:30 UTC) is no longer today.
    await putShopSettings(t.app, t.auth, shopSettingsFields({ timeZone: 'UTC', deliveryMinutes: '4' }));
    const figures = await sla(t.app.ctx, NOW);
    expect(figures.today).toEqual({ completed: 5, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.8, late: 1 });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Order/Sla', headers: staffAuth });
    expect(res.statusCode).toBe(200);
    expect(body<SlaDto>(res).payLoad.targetMinutes).toBe(4);
    await putShopSettings(t.app, t.auth, shopSettingsFields({ timeZone: 'Asia/Yangon', deliveryMinutes: '3' }));
  });

  it('counts pending orders past the promise against it, and says how many are late now', async () => {
    // Placed (in the shop's time) today 1 h ago and 1 min ago, and five days ago; all still waiting. Promise: 3 min.
    const times = ['2025-06-15T02:00:00.000Z', '2025-06-15T02:59:00.000Z', '2025-06-10T05:00:00.000Z'];
    const ids: string[] = [];
    for (const createdAt of times) {
      const order = await placed();
      await t.app.ctx.db.updateTable('orders').set({ created_at: createdAt }).where('id', '=', order.id).execute();
      ids.push(order.id);
    }
    try {
      const figures = await sla(t.app.ctx, NOW);
      // Today: 3 completed late + the one waiting an hour; 3 within of 6 completed + 1 waiting late.
      expect(figures.today).toEqual({ completed: 6, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.429, late: 4 });
      // 14 days: 3 completed late + 2 waiting late; 4 within of 7 + 2.
      expect(figures.last14Days).toEqual({ completed: 7, medianSeconds: 180, p90Seconds: 600, withinTargetShare: 0.444, late: 5 });
      expect(figures.lateNow).toBe(2);
      // Staff figures are what each one completed: waiting orders have nobody yet.
      expect(figures.perStaff[0]!.today.late).toBe(2);
    } finally {
      await t.app.ctx.db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', 'in', ids).execute();
    }
  });

  it('a day with only late waiting orders is 0 % within the promise, not "no figures"', async () => {
    const order = await placed();
    await t.app.ctx.db.updateTable('orders').set({ created_at: '2025-07-01T00:00:00.000Z' }).where('id', '=', order.id).execute();
    try {
      const figures = await sla(t.app.ctx, Date.parse('2025-07-01T06:00:00.000Z'));
      expect(figures.today).toEqual({ completed: 0, medianSeconds: null, p90Seconds: null, withinTargetShare: 0, late: 1 });
      expect(figures.lateNow).toBe(1);
    } finally {
      await t.app.ctx.db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', order.id).execute();
    }
  });
});
