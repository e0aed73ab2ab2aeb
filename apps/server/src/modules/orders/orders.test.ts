import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto, PlacedOrderDto } from '@topup/contract/orders';
import type { OrderCreated } from '../../events/order-events.ts';
import { ADMIN, body, buildTestApp, jpeg, png, type TestApp } from '../../../test/helpers.ts';
import { countRows, createCatalog, createGame, createPackage, orderFields, placeOrder, updateOrder } from './orders.fixtures.ts';

let t: TestApp;
let events: OrderCreated[] = [];
/** For each event: was the order visible to another query when the event fired (i.e. committed)? */
let committedAtEvent: Array<Promise<boolean>> = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.events.onOrderCreated((e) => {
    events.push(e);
    committedAtEvent.push(
      t.app.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', e.order.id)
        .executeTakeFirst()
        .then((r) => !!r),
    );
  });
});
afterAll(() => t.close());
beforeEach(() => {
  events = [];
  committedAtEvent = [];
});

const privateDir = () => path.join(t.dataDir, 'private', 'screenshots');

async function orderRow(id: string) {
  return t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

async function notificationRows(orderId: string) {
  return t.app.ctx.db.selectFrom('notifications').selectAll().where('order_id', '=', orderId).execute();
}

/** Places an order that must succeed and answers its DTO. */
async function placed(packageId: string, overrides: Record<string, string | undefined> = {}): Promise<OrderDto> {
  const res = await placeOrder(t, orderFields(packageId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  // The answer to placing adds the buyer's private status token (order-tracking tests cover it) to the order.
  const { trackingToken, ...order } = body<PlacedOrderDto>(res).payLoad;
  expect(trackingToken).toEqual(expect.any(String));
  return order;
}

/** Asserts a refusal: status, message, the named field's message, and that nothing was written or announced. */
async function expectRefused(
  fields: Record<string, string | undefined>,
  status: number,
  field: string,
  message: string,
  files?: Parameters<typeof placeOrder>[2],
) {
  const before = await countRows(t);
  const eventsBefore = events.length;
  const res = await placeOrder(t, fields, files);
  expect(res.statusCode, res.body).toBe(status);
  const b = body(res);
  expect(b.statusCode).toBe(status);
  expect(b.payLoad).toBeNull();
  expect(b.errors?.[field]).toContain(message);
  expect(await countRows(t)).toEqual(before);
  expect(events).toHaveLength(eventsBefore);
  return b;
}

describe('POST /api/v1/Order', () => {
  it('places an order: 201 envelope, server price, snapshot, notification, file, one event after commit', async () => {
    const { gameId, packageId } = await createCatalog(
      t,
      { title: 'Mobile Legends', serverType: 'ZONEID' },
      {
        title: '86 Diamonds',
        price: 1234.5,
        unit: 86,
        canAddQuantity: true,
        image: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee.png',
        paymentMethod: 'PHONEBILL',
      },
    );
    const res = await placeOrder(
      t,
      orderFields(packageId, { quantity: '3', subTotal: '3703.5', serverInfo: ' 2041 ', inGameUserId: ' 998877 ' }),
    );
    expect(res.statusCode).toBe(201);
    const b = body<OrderDto>(res);
    expect(b.statusCode).toBe(201);
    expect(b.message).toBe(textOf(MSG.orderCreated));
    expect(b.payLoadList).toBeNull();
    const order = b.payLoad;
    expect(order).toMatchObject({
      inGameUserId: '998877',
      serverInfo: '2041',
      mobileNumber: '09123456789',
      gameId,
      gameTitle: 'Mobile Legends',
      tokenPackageDto: {
        id: packageId,
        tokenTitle: '86 Diamonds',
        unit: 86,
        price: 1234.5,
        currency: 'MMK',
        packageImage: '/uploads/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee.png',
      },
      paymentMethod: 'PHONEBILL',
      status: 'PENDING',
      quantity: 3,
      subTotal: 3703.5,
      transactionNumber: '123456',
      userDto: null,
      isRead: false,
    });
    expect(order.screenShot).toMatch(/^\/api\/v1\/files\/screenshots\/[a-f0-9-]{36}\.png\?expires=\d+&sig=[\w-]+$/);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      sub_total: 3703.5,
      quantity: 3,
      package_price: 1234.5,
      game_title: 'Mobile Legends',
      package_title: '86 Diamonds',
      status: 'PENDING',
      is_read: 0,
    });
    expect(existsSync(path.join(privateDir(), row!.screenshot))).toBe(true);
    const notes = await notificationRows(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ is_read: 0 });
    // Stored language-neutral; each reader gets it in their own language (docs/decisions/0029).
    expect(textOf(notes[0]!.message, 'en')).toBe(`New order ${order.code}: Mobile Legends – 86 Diamonds ×3`);
    expect(textOf(notes[0]!.message, 'mm')).toBe(`အော်ဒါအသစ် ${order.code}: Mobile Legends – 86 Diamonds ×၃`);

    expect(events).toHaveLength(1);
    // Listeners get the order; the private tracking token is only in the buyer's answer.
    const { trackingToken, ...announced } = order as PlacedOrderDto;
    expect(trackingToken).toEqual(expect.any(String));
    expect(events[0]!.order).toEqual(announced);
    expect(events[0]!.notification).toMatchObject({ id: notes[0]!.id, orderId: order.id, message: notes[0]!.message, isRead: false });
    expect(await committedAtEvent[0]).toBe(true);
  });

  it('stores the server price when the client sends no subTotal, and rounds to cents', async () => {
    const { packageId } = await createCatalog(t, {}, { price: 0.1, canAddQuantity: true });
    const order = await placed(packageId, { quantity: '3', subTotal: undefined });
    expect(order.subTotal).toBe(0.3);
    expect((await orderRow(order.id))!.sub_total).toBe(0.3);
    // The client's float arithmetic gives 0.30000000000000004: the same price in cents, so accepted.
    expect((await placed(packageId, { quantity: '3', subTotal: String(0.1 * 3) })).subTotal).toBe(0.3);
  });

  it('refuses a tampered price and never uses the client figure', async () => {
    const { packageId } = await createCatalog(t, {}, { price: 5000, canAddQuantity: true });
    await expectRefused(orderFields(packageId, { quantity: '2', subTotal: '1' }), 400, 'subTotal', textOf(MSG.subTotalChanged));
    await expectRefused(orderFields(packageId, { quantity: '2', subTotal: '0' }), 400, 'subTotal', textOf(MSG.subTotalChanged));
    await expectRefused(orderFields(packageId, { quantity: '2', subTotal: '-5' }), 400, 'subTotal', 'Must not be negative.');
    expect((await placed(packageId, { quantity: '2', subTotal: '10000' })).subTotal).toBe(10000);
  });

  it('enforces quantity 1–10 and only above 1 for packages that allow it', async () => {
    const single = (await createCatalog(t, {}, { canAddQuantity: false })).packageId;
    const multi = (await createCatalog(t, {}, { canAddQuantity: true, price: 100 })).packageId;
    await expectRefused(orderFields(single, { quantity: '2' }), 400, 'quantity', textOf(MSG.quantityNotAllowed));
    for (const q of ['0', '11', '-1', '1.5', 'abc'])
      await expectRefused(orderFields(multi, { quantity: q }), 400, 'quantity', textOf(MSG.quantityRange));
    expect((await placed(multi, { quantity: '10' })).subTotal).toBe(1000);
    expect((await placed(single, { quantity: '1' })).quantity).toBe(1);
  });

  it('insists on exactly 6 digits in the transaction number', async () => {
    const { packageId } = await createCatalog(t);
    for (const n of ['12345', '1234567', '12a456', '', '１２３４５６']) {
      await expectRefused(orderFields(packageId, { transactionNumber: n }), 400, 'transactionNumber', textOf(MSG.transactionNumber));
    }
    expect((await placed(packageId, { transactionNumber: ' 000123 ' })).transactionNumber).toBe('000123');
  });

  it('refuses an unknown package and a package of a disabled game', async () => {
    await expectRefused(orderFields('3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'), 400, 'tokenPackageId', textOf(MSG.notFound('Package')));
    await expectRefused(orderFields('not-a-uuid'), 400, 'tokenPackageId', 'Choose a package.');
    const { packageId } = await createCatalog(t, { disabled: true });
    await expectRefused(orderFields(packageId), 400, 'tokenPackageId', textOf(MSG.gameDisabled));
  });

  it('requires one of the listed servers for SERVER games and a zone for ZONEID games; ignores it for NONE', async () => {
    const server = (await createCatalog(t, { serverType: 'SERVER' })).packageId;
    await expectRefused(orderFields(server, { serverInfo: '' }), 400, 'serverInfo', textOf(MSG.serverRequired));
    await expectRefused(orderFields(server, { serverInfo: undefined }), 400, 'serverInfo', textOf(MSG.serverRequired));
    await expectRefused(orderFields(server, { serverInfo: 'Mars' }), 400, 'serverInfo', textOf(MSG.serverOption));
    expect((await placed(server, { serverInfo: 'asia' })).serverInfo).toBe('Asia');
    expect((await placed(server, { serverInfo: 'TW, HK, MO' })).serverInfo).toBe('TW, HK, MO');

    const zone = (await createCatalog(t, { serverType: 'ZONEID' })).packageId;
    await expectRefused(orderFields(zone, { serverInfo: '   ' }), 400, 'serverInfo', textOf(MSG.zoneRequired));
    await expectRefused(orderFields(zone, { serverInfo: 'x'.repeat(51) }), 400, 'serverInfo', textOf(MSG.tooLong(50)));

    const none = (await createCatalog(t, { serverType: 'NONE' })).packageId;
    const order = await placed(none, { serverInfo: 'Europe' });
    expect(order.serverInfo).toBe('');
    expect((await orderRow(order.id))!.server_info).toBe('');
  });

  it('accepts Myanmar mobile numbers only, and bounds the user id', async () => {
    const { packageId } = await createCatalog(t);
    for (const m of ['12345', '0812345678', '+66912345678', '09123', '', 'x'.repeat(200)]) {
      await expectRefused(orderFields(packageId, { mobileNumber: m }), 400, 'mobileNumber', textOf(MSG.mobileNumber));
    }
    expect((await placed(packageId, { mobileNumber: '+959 123-456-789' })).mobileNumber).toBe('+959123456789');
    await expectRefused(orderFields(packageId, { inGameUserId: '  ' }), 400, 'inGameUserId', textOf(MSG.required));
    await expectRefused(orderFields(packageId, { inGameUserId: 'u'.repeat(51) }), 400, 'inGameUserId', textOf(MSG.tooLong(50)));
  });

  it('requires the screenshot, and checks every text field before storing one', async () => {
    const { packageId } = await createCatalog(t, {}, { canAddQuantity: false });
    await expectRefused(orderFields(packageId), 400, 'file_ScreenShot', textOf(MSG.screenshotRequired), {});
    await expectRefused(orderFields(packageId), 400, 'file_ScreenShot', textOf(MSG.screenshotRequired), {
      file_ScreenShot: { data: Buffer.alloc(0) },
    });
    // A good screenshot with a bad field: refused before the file is written (expectRefused checks the folder).
    await expectRefused(orderFields(packageId, { quantity: '2' }), 400, 'quantity', textOf(MSG.quantityNotAllowed));
    // Several rule failures are named together.
    const b = await expectRefused(
      orderFields(packageId, { quantity: '3', subTotal: '1' }),
      400,
      'quantity',
      textOf(MSG.quantityNotAllowed),
      {},
    );
    expect(b.errors).toHaveProperty('file_ScreenShot');
    expect(b.errors).toHaveProperty('subTotal');
  });

  it('writes nothing when the transaction fails after the file was stored: no row, no notification, no file, no event', async () => {
    const { packageId } = await createCatalog(t);
    const real = t.app.ctx.db;
    // Every statement of the transaction runs, then it fails (as a failed commit would) and rolls back.
    t.app.ctx.db = new Proxy(real, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: (fn: (trx: unknown) => Promise<unknown>) =>
              target.transaction().execute(async (trx) => {
                await fn(trx);
                throw new Error('simulated commit failure');
              }),
          });
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const before = await countRows(t);
    try {
      const res = await placeOrder(t, orderFields(packageId));
      expect(res.statusCode).toBe(500);
      expect(body(res).message).not.toContain('simulated');
    } finally {
      t.app.ctx.db = real;
    }
    expect(await countRows(t)).toEqual(before);
    expect(events).toHaveLength(0);
  });

  it('is public but only for multipart bodies', async () => {
    const before = await countRows(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/order', payload: { inGameUserId: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(await countRows(t)).toEqual(before);
  });
});

describe('admin order endpoints', () => {
  // The two lists answer a visitor with no credentials at all with an empty page: test/cross-origin.test.ts.
  it('need a signed-in admin', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/Order/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
      ['PUT', '/api/v1/Order/isRead/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
      ['DELETE', '/api/v1/Order/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
      ['POST', '/api/v1/Order/Clean-Order'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists newest first with search and paging', async () => {
    const gameId = await createGame(t, { title: 'Zephyr Quest' });
    const pkgA = await createPackage(t, gameId, { title: 'Starter Crate' });
    const pkgB = await createPackage(t, gameId, { title: 'Mega Hoard' });
    const made: OrderDto[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await placed(i % 2 ? pkgB : pkgA, { inGameUserId: `zq-user-${i}`, mobileNumber: `0977700000${i}`, transactionNumber: `55500${i}` }),
      );
    }
    // Distinct, known creation times: order i is i minutes newer than the first.
    for (const [i, o] of made.entries()) {
      await t.app.ctx.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString() })
        .where('id', '=', o.id)
        .execute();
    }
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/order?${query}`, headers: t.auth });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ items: OrderDto[]; paging: Record<string, number | null> }>(res).payLoad;
    };

    const all = await list('searchTerm=zephyr&pageSize=10');
    expect(all.items.map((o) => o.inGameUserId)).toEqual(['zq-user-4', 'zq-user-3', 'zq-user-2', 'zq-user-1', 'zq-user-0']);
    expect(all.paging).toMatchObject({ totalCount: 5, totalPages: 1, currentPage: 1 });

    const second = await list('searchTerm=ZEPHYR&currentPage=2&pageSize=2');
    expect(second.items.map((o) => o.inGameUserId)).toEqual(['zq-user-2', 'zq-user-1']);
    expect(second.paging).toMatchObject({
      totalCount: 5,
      totalPages: 3,
      previousPage: 1,
      nextPage: 3,
      firstRowOnPage: 3,
      lastRowOnPage: 4,
    });

    expect((await list('searchTerm=mega%20hoard')).items.map((o) => o.inGameUserId)).toEqual(['zq-user-3', 'zq-user-1']);
    expect((await list('searchTerm=zq-user-2')).items).toHaveLength(1);
    expect((await list('searchTerm=09777000004')).items.map((o) => o.inGameUserId)).toEqual(['zq-user-4']);
    expect((await list('searchTerm=555003')).items.map((o) => o.inGameUserId)).toEqual(['zq-user-3']);
    // LIKE wildcards in the term are literal.
    expect((await list('searchTerm=zq%25user')).items).toHaveLength(0);
    expect((await list('searchTerm=zq_user')).items).toHaveLength(0);

    const huge = await list('pageSize=100000');
    expect(huge.paging.pageSize).toBe(1000);
    const first = huge.items[0]!;
    expect(first.inGameUserId).toBe('zq-user-4');
    expect(first.screenShot).toMatch(/^\/api\/v1\/files\/screenshots\//);
  });

  it("serves a listed order's screenshot through its signed URL, and refuses a tampered or expired one", async () => {
    const { packageId } = await createCatalog(t, { title: 'Shot Game' });
    const form = orderFields(packageId);
    const res = await placeOrder(t, form, {
      file_ScreenShot: { data: await jpeg(40, 30), filename: 'pay.jpg', contentType: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(201);
    const id = body<OrderDto>(res).payLoad.id;
    const listed = body<{ items: OrderDto[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/Order?searchTerm=shot%20game', headers: t.auth }),
    ).payLoad.items;
    const url = listed.find((o) => o.id === id)!.screenShot!;

    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const tampered = `${u.pathname}?expires=${u.searchParams.get('expires')}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const later = `${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 600_000}&sig=${sig}`;
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(403);
    const name = path.basename(u.pathname);
    const old = t.app.ctx.signer.sign(name, Date.now() - 3 * 3600_000);
    expect(old.expires).toBeLessThan(Date.now());
    const expired = await t.app.inject({ method: 'GET', url: `${u.pathname}?expires=${old.expires}&sig=${old.sig}` });
    expect(expired.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: u.pathname })).statusCode).toBe(403);
  });

  it('answers one order by id, case-insensitive path, and 404/400 for unknown or malformed ids', async () => {
    const { packageId } = await createCatalog(t);
    const order = await placed(packageId);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body<OrderDto>(res).payLoad).toEqual(order);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/Order/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', headers: t.auth });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe(textOf(MSG.notFound('Order')));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Order/not-an-id', headers: t.auth })).statusCode).toBe(400);
  });

  it('updates status and buyer details, records the operator, keeps what was bought, and replaces the screenshot', async () => {
    const { packageId } = await createCatalog(t, { serverType: 'SERVER' }, { price: 700, canAddQuantity: true });
    const order = await placed(packageId, { quantity: '2', serverInfo: 'Europe' });
    const oldFile = (await orderRow(order.id))!.screenshot;

    const res = await updateOrder(
      t,
      order.id,
      {
        orderStatus: 'COMPLETED',
        inGameUserId: 'fixed-id',
        mobileNumber: '09987654321',
        serverInfo: 'America',
        transactionNumber: '654321',
        tokenPackageId: '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        quantity: '9',
        subTotal: '1',
        screenShot: order.screenShot!,
      },
      { file_ScreenShot: { data: await png(20, 20, '#00ff00') } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = body<OrderDto>(res).payLoad;
    expect(updated).toMatchObject({
      status: 'COMPLETED',
      inGameUserId: 'fixed-id',
      mobileNumber: '09987654321',
      serverInfo: 'America',
      transactionNumber: '654321',
      quantity: 2,
      subTotal: 1400,
      userDto: { email: ADMIN.email },
      tokenPackageDto: { id: packageId, price: 700 },
    });
    const row = (await orderRow(order.id))!;
    expect(row).toMatchObject({ status: 'COMPLETED', operator_email: ADMIN.email, quantity: 2, sub_total: 1400, package_id: packageId });
    expect(row.operator_id).toBeTruthy();
    expect(row.updated_at >= order.updatedAt).toBe(true);
    expect(row.screenshot).not.toBe(oldFile);
    expect(existsSync(path.join(privateDir(), oldFile))).toBe(false);
    expect(existsSync(path.join(privateDir(), row.screenshot))).toBe(true);

    // `status` works as well as `orderStatus`; an empty status leaves it alone.
    const again = await updateOrder(t, order.id, { status: 'cancelled' });
    expect(body<OrderDto>(again).payLoad.status).toBe('CANCELLED');
    expect(body<OrderDto>(await updateOrder(t, order.id, { orderStatus: '' })).payLoad.status).toBe('CANCELLED');

    const bad = await updateOrder(t, order.id, { orderStatus: 'SHIPPED' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toHaveProperty('orderStatus');
    const badServer = await updateOrder(t, order.id, { serverInfo: 'Mars' });
    expect(body(badServer).errors).toEqual({ serverInfo: [textOf(MSG.serverOption)] });
    const filesBefore = (await countRows(t)).files;
    const badImage = await updateOrder(
      t,
      order.id,
      { orderStatus: 'PENDING' },
      { file_ScreenShot: { data: Buffer.from('not an image'), filename: 'x.png' } },
    );
    expect(badImage.statusCode).toBe(400);
    expect(body(badImage).errors).toEqual({ file_ScreenShot: [textOf(MSG.imageInvalid)] });
    expect((await countRows(t)).files).toBe(filesBefore);
    expect((await orderRow(order.id))!).toMatchObject({ status: 'CANCELLED', screenshot: row.screenshot });

    expect((await updateOrder(t, '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', { orderStatus: 'PENDING' })).statusCode).toBe(404);
  });

  it('keeps the snapshot when the catalog changes or goes', async () => {
    const { gameId, packageId } = await createCatalog(t, { title: 'Old Title' }, { title: 'Old Pack', price: 300 });
    const order = await placed(packageId);
    await t.app.ctx.db.updateTable('token_packages').set({ price: 999, token_title: 'New Pack' }).where('id', '=', packageId).execute();
    await t.app.ctx.db.deleteFrom('games').where('id', '=', gameId).execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${order.id}`, headers: t.auth });
    expect(body<OrderDto>(res).payLoad).toMatchObject({
      gameId: null,
      gameTitle: 'Old Title',
      subTotal: 300,
      tokenPackageDto: { id: null, tokenTitle: 'Old Pack', price: 300 },
    });
  });

  it('deletes an order with its notifications and its screenshot', async () => {
    const { packageId } = await createCatalog(t);
    const order = await placed(packageId);
    const file = (await orderRow(order.id))!.screenshot;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${order.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res).payLoad).toEqual({ id: order.id });
    expect(await orderRow(order.id)).toBeUndefined();
    expect(await notificationRows(order.id)).toHaveLength(0);
    expect(existsSync(path.join(privateDir(), file))).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${order.id}`, headers: t.auth })).statusCode).toBe(404);
  });

  it('removes a package image kept only by the deleted order, and keeps one the catalog still uses', async () => {
    const image = await t.app.ctx.media.storeImage('public', 'file_PackageImage', await png(16, 16));
    const imageFile = path.join(t.dataDir, 'uploads', image);
    const gameId = await createGame(t);
    const kept = await createPackage(t, gameId, { image });
    const gone = await createPackage(t, gameId, { image });
    const first = await placed(kept);
    const second = await placed(gone);
    await t.app.ctx.db.deleteFrom('token_packages').where('id', '=', gone).execute();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${second.id}`, headers: t.auth });
    expect(existsSync(imageFile)).toBe(true);
    await t.app.ctx.db.deleteFrom('token_packages').where('id', '=', kept).execute();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/Order/${first.id}`, headers: t.auth });
    expect(existsSync(imageFile)).toBe(false);
  });

  it('isRead marks the order and all its notifications read; notification-list shows unread ones newest first', async () => {
    await t.app.ctx.db.updateTable('notifications').set({ is_read: 1 }).execute();
    const { packageId } = await createCatalog(t, { title: 'Bell Game' }, { title: 'Bell Pack' });
    const a = await placed(packageId, { inGameUserId: 'bell-a' });
    const b = await placed(packageId, { inGameUserId: 'bell-b' });
    await t.app.ctx.db.updateTable('notifications').set({ created_at: '2030-01-01T00:00:00.000Z' }).where('order_id', '=', a.id).execute();
    await t.app.ctx.db.updateTable('notifications').set({ created_at: '2030-01-01T00:01:00.000Z' }).where('order_id', '=', b.id).execute();
    // A second notification about the same order: marking read must clear both.
    await t.app.ctx.db
      .insertInto('notifications')
      .values({
        id: '0f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e40',
        order_id: a.id,
        message: 'Reminder',
        is_read: 0,
        created_at: '2029-12-31T00:00:00.000Z',
      })
      .execute();

    const bell = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/Order/notification-list?pageSize=100000', headers: t.auth });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ items: NotificationDto[]; paging: { pageSize: number; totalCount: number } }>(res).payLoad;
    };
    const before = await bell();
    expect(before.paging).toMatchObject({ pageSize: 1000, totalCount: 3 });
    expect(before.items.map((n) => n.orderId)).toEqual([b.id, a.id, a.id]);
    expect(before.items[0]).toMatchObject({ message: `New order ${b.code}: Bell Game – Bell Pack ×1`, isRead: false });

    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/Order/isRead/${a.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body<OrderDto>(res).payLoad).toMatchObject({ id: a.id, isRead: true, status: 'PENDING', userDto: null });
    expect((await orderRow(a.id))!.is_read).toBe(1);
    expect((await notificationRows(a.id)).every((n) => n.is_read === 1)).toBe(true);
    expect((await notificationRows(b.id)).every((n) => n.is_read === 0)).toBe(true);
    const after = await bell();
    expect(after.items.map((n) => n.orderId)).toEqual([b.id]);

    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/order/ISREAD/3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', headers: t.auth })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v1/Order/Clean-Order', () => {
  const clean = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Order/Clean-Order', headers: t.auth, payload: payload as object });
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

  async function placedAt(packageId: string, status: string, createdAt: string) {
    const o = await placed(packageId);
    await t.app.ctx.db.updateTable('orders').set({ status, created_at: createdAt }).where('id', '=', o.id).execute();
    return { id: o.id, file: (await orderRow(o.id))!.screenshot };
  }

  it('refuses counts outside the rules', async () => {
    for (const payload of [
      { type: 'WEEKLY', count: 2 },
      { type: 'MONTHLY', count: 4 },
      { type: 'MONTHLY', count: 0 },
      { type: 'DAILY', count: 3 },
      { type: 'WEEKLY' },
      {},
    ]) {
      const res = await clean(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toBe(textOf(MSG.cleanCount));
    }
  });

  it('removes old COMPLETED and CANCELLED orders with their files; keeps PENDING and recent ones', async () => {
    await t.app.ctx.db.deleteFrom('orders').execute();
    const { packageId } = await createCatalog(t);
    const oldDone = await placedAt(packageId, 'COMPLETED', daysAgo(30));
    const oldCancelled = await placedAt(packageId, 'CANCELLED', daysAgo(22));
    const oldPending = await placedAt(packageId, 'PENDING', daysAgo(400));
    const recentDone = await placedAt(packageId, 'COMPLETED', daysAgo(20));
    const monthOld = await placedAt(packageId, 'COMPLETED', daysAgo(45));

    const res = await clean({ type: 'WEEKLY', count: 3 });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ statusCode: 200, message: textOf(MSG.ordersCleaned(3)), payLoad: { deletedCount: 3 } });
    for (const gone of [oldDone, oldCancelled, monthOld]) {
      expect(await orderRow(gone.id)).toBeUndefined();
      expect(await notificationRows(gone.id)).toHaveLength(0);
      expect(existsSync(path.join(privateDir(), gone.file))).toBe(false);
    }
    for (const kept of [oldPending, recentDone]) {
      expect(await orderRow(kept.id)).toBeDefined();
      expect(existsSync(path.join(privateDir(), kept.file))).toBe(true);
    }

    const monthly = await clean({ type: 'MONTHLY', count: '1' });
    expect(body(monthly)).toMatchObject({ message: textOf(MSG.ordersCleaned(0)), payLoad: { deletedCount: 0 } });
    expect(await orderRow(oldPending.id)).toBeDefined();
  });

  it('cleans a large backlog in batches', async () => {
    await t.app.ctx.db.deleteFrom('orders').execute();
    const { gameId, packageId } = await createCatalog(t);
    const old = daysAgo(100);
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      in_game_user_id: `bulk-${i}`,
      server_info: '',
      mobile_number: '09123456789',
      game_id: gameId,
      game_title: 'Bulk',
      package_id: packageId,
      package_title: 'Bulk pack',
      package_unit: 1,
      package_price: 1,
      package_currency: 'MMK',
      package_image: null,
      payment_method: 'NORMAL',
      quantity: 1,
      sub_total: 1,
      transaction_number: '123456',
      screenshot: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}.png`,
      status: i % 3 === 0 ? 'PENDING' : i % 3 === 1 ? 'COMPLETED' : 'CANCELLED',
      operator_id: null,
      operator_email: null,
      is_read: 1,
      created_at: old,
      updated_at: old,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.app.ctx.db
        .insertInto('orders')
        .values(rows.slice(i, i + 200))
        .execute();
    const res = await clean({ type: 'MONTHLY', count: 3 });
    expect(body(res).payLoad).toEqual({ deletedCount: 802 });
    const left = await t.app.ctx.db.selectFrom('orders').select(['status']).execute();
    expect(left).toHaveLength(401);
    expect(left.every((r) => r.status === 'PENDING')).toBe(true);
  });
});
