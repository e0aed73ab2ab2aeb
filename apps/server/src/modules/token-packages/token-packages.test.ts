import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { GameDto } from '@topup/contract/games';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import {
  addPaymentAccount,
  body,
  buildTestApp,
  multipart,
  orderRow,
  png,
  storedFiles,
  type FilePart,
  type TestApp,
} from '../../../test/helpers.ts';
import { findPackageForOrder } from './token-packages.service.ts';

let t: TestApp;
let mlbb: GameDto;
let pubg: GameDto;
let hidden: GameDto;
beforeAll(async () => {
  t = await buildTestApp();
  await addPaymentAccount(t);
  mlbb = await createGame('Mobile Legends', 'ZONEID');
  pubg = await createGame('PUBG Mobile', 'NONE');
  hidden = await createGame('Hidden Game', 'SERVER', true);
});
afterAll(() => t?.close());

type Page<T> = { items: T[]; paging: { totalCount: number; pageSize: number } };

const publicFiles = () => storedFiles(t.dataDir).map((f) => path.basename(f));
const nameOf = (url: string | null) => (url ? path.basename(url) : null);

async function createGame(title: string, serverType: string, disabled = false): Promise<GameDto> {
  const form = multipart(
    { title, serverType, isDisable: disabled ? 'True' : 'False', orderIndex: '1', logo: '', bannerImage: '' },
    { file_Logo: { data: await png() }, file_GameProfileImage: { data: await png() } },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...form.headers, ...t.auth }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return body<GameDto>(res).payLoad;
}

function packageFields(gameId: string, overrides: Record<string, string> = {}) {
  return {
    tokenTitle: '86 Diamonds',
    unit: '86',
    price: '5500',
    currency: 'MMK',
    gameId,
    paymentMethod: 'NORMAL',
    canAddQuantity: 'False',
    packageImage: '',
    ...overrides,
  };
}

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: Record<string, FilePart>, auth = true) {
  const form = multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...form.headers, ...(auth ? t.auth : {}) }, payload: form.payload });
}

async function createPackage(gameId: string, overrides: Record<string, string> = {}): Promise<TokenPackageDto> {
  const res = await send('POST', '/api/v1/TokenPackage', packageFields(gameId, overrides), {
    file_PackageImage: { data: await png(48, 48, '#ff00ff') },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<TokenPackageDto>(res).payLoad;
}

async function packageRow(id: string) {
  return t.app.ctx.db.selectFrom('token_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

async function list(query: string, auth = false) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/TokenPackage${query}`, headers: auth ? t.auth : {} });
  expect(res.statusCode, res.body).toBe(200);
  return body<Page<TokenPackageDto>>(res).payLoad;
}

describe('POST /api/v1/TokenPackage', () => {
  it('creates a package with its image and answers 201', async () => {
    const before = publicFiles().length;
    const res = await send(
      'POST',
      '/api/v1/tokenpackage',
      packageFields(mlbb.id, { tokenTitle: ' Weekly Pass ', price: '6500.5', canAddQuantity: 'True', paymentMethod: 'PHONEBILL' }),
      {
        file_PackageImage: { data: await png() },
      },
    );
    expect(res.statusCode).toBe(201);
    const created = body<TokenPackageDto>(res).payLoad;
    expect(created).toMatchObject({
      tokenTitle: 'Weekly Pass',
      unit: 86,
      price: 6500.5,
      currency: 'MMK',
      gameId: mlbb.id,
      gameDto: { id: mlbb.id, title: 'Mobile Legends' },
      paymentMethod: 'PHONEBILL',
      canAddQuantity: true,
    });
    expect(created.packageImage).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: created.packageImage! })).statusCode).toBe(200);
    expect(publicFiles().length).toBe(before + 1);
    expect(await packageRow(created.id)).toMatchObject({
      game_id: mlbb.id,
      price: 6500.5,
      payment_method: 'PHONEBILL',
      can_add_quantity: 1,
      package_image: nameOf(created.packageImage),
    });
  });

  it('defaults the payment method to NORMAL and canAddQuantity to false', async () => {
    const res = await send(
      'POST',
      '/api/v1/TokenPackage',
      { tokenTitle: 'Plain', unit: '10', price: '1000', currency: 'MMK', gameId: pubg.id },
      { file_PackageImage: { data: await png() } },
    );
    expect(res.statusCode).toBe(201);
    expect(body<TokenPackageDto>(res).payLoad).toMatchObject({ paymentMethod: 'NORMAL', canAddQuantity: false });
  });

  it('requires the package image and names the other bad fields too', async () => {
    const before = publicFiles();
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id, { tokenTitle: '' }), {});
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ tokenTitle: [textOf(MSG.required)], file_PackageImage: [textOf(MSG.packageImageRequired)] });
    const onlyImage = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id), {});
    expect(body(onlyImage).message).toBe(textOf(MSG.packageImageRequired));
    expect(publicFiles()).toEqual(before);
  });

  it.each([
    [{ unit: '0' }, 'unit', 'Must be at least 1.'],
    [{ unit: '2.5' }, 'unit', 'Must be a whole number.'],
    [{ unit: 'many' }, 'unit', 'Must be a number.'],
    [{ price: '-1' }, 'price', 'Must not be negative.'],
    [{ price: '1.234' }, 'price', 'At most 2 decimal places.'],
    [{ price: '100000001' }, 'price', 'Must be at most 100000000.'],
    [{ currency: '' }, 'currency', textOf(MSG.required)],
    [{ currency: 'x'.repeat(11) }, 'currency', textOf(MSG.tooLong(10))],
    [{ tokenTitle: 'x'.repeat(101) }, 'tokenTitle', textOf(MSG.tooLong(100))],
    [{ gameId: 'nope' }, 'gameId', 'Choose a game.'],
    [{ canAddQuantity: 'perhaps' }, 'canAddQuantity', "Must be 'True' or 'False'."],
  ])('refuses %o with a message on %s and stores nothing', async (overrides, field, message) => {
    const before = publicFiles();
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id, overrides), { file_PackageImage: { data: await png() } });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[field]).toEqual([message]);
    expect(publicFiles()).toEqual(before);
  });

  it('refuses an unknown payment method', async () => {
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id, { paymentMethod: 'CASH' }), {
      file_PackageImage: { data: await png() },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['paymentMethod']);
  });

  it('names gameId when the game does not exist, storing nothing', async () => {
    const before = publicFiles();
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(randomUUID()), { file_PackageImage: { data: await png() } });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ gameId: [textOf(MSG.notFound('Game'))] });
    expect(publicFiles()).toEqual(before);
  });

  it('refuses a non-image package file', async () => {
    const before = publicFiles();
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id), {
      file_PackageImage: { data: Buffer.from('GIF89a but not really'), filename: 'a.gif', contentType: 'image/gif' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ file_PackageImage: [textOf(MSG.imageInvalid)] });
    expect(publicFiles()).toEqual(before);
  });

  it('needs a signed-in admin', async () => {
    const res = await send('POST', '/api/v1/TokenPackage', packageFields(mlbb.id), { file_PackageImage: { data: await png() } }, false);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/TokenPackage', () => {
  let older: TokenPackageDto;
  let newer: TokenPackageDto;
  let phone: TokenPackageDto;
  let hiddenPack: TokenPackageDto;
  beforeAll(async () => {
    older = await createPackage(pubg.id, { tokenTitle: 'List 60 UC', price: '4000' });
    newer = await createPackage(pubg.id, { tokenTitle: 'List 325 UC', price: '19000' });
    phone = await createPackage(mlbb.id, { tokenTitle: 'List Starlight', paymentMethod: 'PHONEBILL' });
    hiddenPack = await createPackage(hidden.id, { tokenTitle: 'List Secret' });
  });

  it('lists newest first with the game, hiding packages of disabled games from anonymous callers', async () => {
    const page = await list('?searchTerm=list&pageSize=12');
    expect(page.items.map((p) => p.id)).toEqual([phone.id, newer.id, older.id]);
    expect(page.paging.totalCount).toBe(3);
    // The list adds how the package is delivered and, for code products, the codes left.
    expect(page.items[1]).toEqual({ ...newer, isCodeProduct: false, autoDelivery: false, availableQuantity: null });
    expect(page.items[1]!.gameDto).toEqual({ id: pubg.id, title: 'PUBG Mobile' });
    const admin = await list('?searchTerm=list', true);
    expect(admin.items.map((p) => p.id)).toEqual([hiddenPack.id, phone.id, newer.id, older.id]);
    expect((await list(`?gameId=${hidden.id}`)).items).toEqual([]);
  });

  it('searches over package title and game title', async () => {
    expect((await list('?searchTerm=325')).items.map((p) => p.id)).toEqual([newer.id]);
    const byGame = await list('?searchTerm=pubg%20mob');
    expect(byGame.items.length).toBeGreaterThanOrEqual(2);
    expect(byGame.items.every((p) => p.gameDto.title === 'PUBG Mobile')).toBe(true);
  });

  it('filters by game and payment method, and pages', async () => {
    const pubgOnly = await list(`?gameId=${pubg.id}`);
    expect(pubgOnly.items.every((p) => p.gameId === pubg.id)).toBe(true);
    const phoneBill = await list(`?paymentMethod=PHONEBILL&gameId=${mlbb.id}`);
    expect(phoneBill.items.length).toBeGreaterThan(0);
    expect(phoneBill.items.every((p) => p.paymentMethod === 'PHONEBILL' && p.gameId === mlbb.id)).toBe(true);
    const paged = await list('?searchTerm=list&pageSize=2&currentPage=2');
    expect(paged.items.map((p) => p.id)).toEqual([older.id]);
    expect(paged.paging).toMatchObject({ totalCount: 3, pageSize: 2 });
    expect((await list('')).paging.pageSize).toBe(10);
  });

  it('refuses a malformed filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/TokenPackage?paymentMethod=CASH' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['paymentMethod']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/TokenPackage?gameId=abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/v1/TokenPackage/{id}', () => {
  it('keeps the image when none comes, and can move the package to another game', async () => {
    const pack = await createPackage(mlbb.id, { tokenTitle: 'Update Keep' });
    const before = publicFiles();
    const res = await send(
      'PUT',
      `/api/v1/TokenPackage/${pack.id}`,
      packageFields(pubg.id, { tokenTitle: 'Update Kept', price: '7000', canAddQuantity: 'True' }),
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(body<TokenPackageDto>(res).payLoad).toMatchObject({
      id: pack.id,
      tokenTitle: 'Update Kept',
      price: 7000,
      canAddQuantity: true,
      gameId: pubg.id,
      gameDto: { id: pubg.id, title: 'PUBG Mobile' },
      packageImage: pack.packageImage,
      createdDate: pack.createdDate,
    });
    expect(publicFiles()).toEqual(before);
    expect(await packageRow(pack.id)).toMatchObject({ token_title: 'Update Kept', game_id: pubg.id, price: 7000, can_add_quantity: 1 });
  });

  it('replaces the image and releases the old file unless an order still shows it', async () => {
    const pack = await createPackage(mlbb.id, { tokenTitle: 'Update Replace' });
    const res = await send('PUT', `/api/v1/tokenpackage/${pack.id}`, packageFields(mlbb.id), {
      file_PackageImage: { data: await png(30, 30, '#00ffff') },
    });
    expect(res.statusCode).toBe(200);
    const updated = body<TokenPackageDto>(res).payLoad;
    expect(updated.packageImage).not.toBe(pack.packageImage);
    expect(publicFiles()).not.toContain(nameOf(pack.packageImage));
    expect(publicFiles()).toContain(nameOf(updated.packageImage));

    await t.app.ctx.db
      .insertInto('orders')
      .values(
        orderRow({
          game_id: mlbb.id,
          game_title: mlbb.title,
          package_id: pack.id,
          package_title: updated.tokenTitle,
          package_unit: updated.unit,
          package_price: updated.price,
          package_currency: updated.currency,
          package_image: nameOf(updated.packageImage),
          sub_total: updated.price,
          transaction_number: '654321',
        }),
      )
      .execute();
    const again = await send('PUT', `/api/v1/TokenPackage/${pack.id}`, packageFields(mlbb.id), {
      file_PackageImage: { data: await png(31, 31, '#0000ff') },
    });
    expect(again.statusCode).toBe(200);
    expect(publicFiles()).toContain(nameOf(updated.packageImage));
  });

  it('refuses bad input and leaves package and files as they were', async () => {
    const pack = await createPackage(mlbb.id, { tokenTitle: 'Update Refuse' });
    const before = publicFiles();
    const bad = await send('PUT', `/api/v1/TokenPackage/${pack.id}`, packageFields(mlbb.id, { price: 'free' }), {
      file_PackageImage: { data: await png() },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual({ price: ['Must be a number.'] });
    const noGame = await send('PUT', `/api/v1/TokenPackage/${pack.id}`, packageFields(randomUUID()), {
      file_PackageImage: { data: await png() },
    });
    expect(noGame.statusCode).toBe(400);
    expect(body(noGame).errors).toEqual({ gameId: [textOf(MSG.notFound('Game'))] });
    const badImage = await send('PUT', `/api/v1/TokenPackage/${pack.id}`, packageFields(mlbb.id, { tokenTitle: 'Changed' }), {
      file_PackageImage: { data: Buffer.from('nope') },
    });
    expect(body(badImage).errors).toEqual({ file_PackageImage: [textOf(MSG.imageInvalid)] });
    const missing = await send('PUT', `/api/v1/TokenPackage/${randomUUID()}`, packageFields(mlbb.id), {
      file_PackageImage: { data: await png() },
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe(textOf(MSG.notFound('Token package')));
    expect(publicFiles()).toEqual(before);
    expect(await packageRow(pack.id)).toMatchObject({ token_title: 'Update Refuse', package_image: nameOf(pack.packageImage) });
  });
});

describe('one shape for every answer that carries a package', () => {
  const listed = async (id: string) =>
    (await list(`?searchTerm=${encodeURIComponent('Shape')}&pageSize=100`, true)).items.find((p) => p.id === id);

  it('answers create and update as the list does, with how the package is delivered and its stock', async () => {
    const created = await createPackage(pubg.id, { tokenTitle: 'Shape Gift Card', canAddQuantity: 'True' });
    expect(created).toMatchObject({ isCodeProduct: false, autoDelivery: false, availableQuantity: null });
    expect(created).toEqual(await listed(created.id));

    // Sold as codes, completed automatically, two codes in stock: an update's answer says so, as the list does.
    const delivery = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/TokenPackage/${created.id}/Delivery`,
      headers: t.auth,
      payload: { isCodeProduct: true, deliveryMode: 'AUTO_ON_PAYMENT', redeemInstructions: { mm: '', en: '' }, lowStockThreshold: 0 },
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
    const codes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/CodeStock/${created.id}/Codes`,
      headers: t.auth,
      payload: { text: `SHAPE-${randomUUID()}\nSHAPE-${randomUUID()}` },
    });
    expect(codes.statusCode, codes.body).toBe(200);
    const res = await send('PUT', `/api/v1/TokenPackage/${created.id}`, packageFields(pubg.id, { tokenTitle: 'Shape Gift Card 2' }), {});
    expect(res.statusCode, res.body).toBe(200);
    const updated = body<TokenPackageDto>(res).payLoad;
    expect(updated).toMatchObject({ tokenTitle: 'Shape Gift Card 2', isCodeProduct: true, autoDelivery: true, availableQuantity: 2 });
    expect(updated).toEqual(await listed(created.id));
  });
});

describe('DELETE /api/v1/TokenPackage/{id}', () => {
  it('deletes the package and its image, answering its id', async () => {
    const pack = await createPackage(mlbb.id, { tokenTitle: 'Delete Me' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/TokenPackage/${pack.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res).payLoad).toEqual({ id: pack.id });
    expect(await packageRow(pack.id)).toBeUndefined();
    expect(publicFiles()).not.toContain(nameOf(pack.packageImage));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/TokenPackage/${pack.id}`, headers: t.auth })).statusCode).toBe(404);
  });

  it('needs an admin', async () => {
    const pack = await createPackage(mlbb.id, { tokenTitle: 'Delete Anonymous' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/TokenPackage/${pack.id}` })).statusCode).toBe(401);
    expect(await packageRow(pack.id)).toBeDefined();
  });
});

describe('findPackageForOrder', () => {
  it('loads a package with its game for pricing', async () => {
    const pack = await createPackage(hidden.id, { tokenTitle: 'For Order', price: '2500', canAddQuantity: 'True' });
    const found = await findPackageForOrder(t.app.ctx.db, pack.id.toUpperCase());
    expect(found).toEqual({
      id: pack.id,
      tokenTitle: 'For Order',
      unit: 86,
      price: 2500,
      currency: 'MMK',
      paymentMethod: 'NORMAL',
      canAddQuantity: true,
      packageImage: nameOf(pack.packageImage),
      game: { id: hidden.id, title: 'Hidden Game', serverType: 'SERVER', isDisable: true },
    });
    expect(await findPackageForOrder(t.app.ctx.db, randomUUID())).toBeUndefined();
  });
});
