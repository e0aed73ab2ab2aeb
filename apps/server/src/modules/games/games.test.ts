import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { PAYMENT_ACCOUNT_MSG } from '@topup/contract/payment-accounts';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import {
  addPaymentAccount,
  body,
  buildTestApp,
  jpeg,
  multipart,
  orderRow,
  png,
  storedFiles,
  type FilePart,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await addPaymentAccount(t);
});
afterAll(() => t?.close());

type Page<T> = { items: T[]; paging: { totalCount: number; pageSize: number; currentPage: number; totalPages: number } };

const publicFiles = () => storedFiles(t.dataDir).map((f) => path.basename(f));
const nameOf = (url: string | null) => (url ? path.basename(url) : null);

function gameFields(overrides: Record<string, string> = {}) {
  return {
    title: 'Mobile Legends',
    description: 'MOBA',
    orderIndex: '1',
    serverType: 'ZONEID',
    isDisable: 'False',
    logo: '',
    bannerImage: '',
    ...overrides,
  };
}

async function sendGame(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: Record<string, FilePart>, auth = true) {
  const form = multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...form.headers, ...(auth ? t.auth : {}) }, payload: form.payload });
}

async function createGame(overrides: Record<string, string> = {}, banner = true): Promise<GameDto> {
  const files: Record<string, FilePart> = { file_Logo: { data: await png() }, file_GameProfileImage: { data: await jpeg() } };
  if (banner) files.file_BannerImage = { data: await png(120, 40) };
  const res = await sendGame('POST', '/api/v1/Game', gameFields(overrides), files);
  expect(res.statusCode, res.body).toBe(201);
  return body<GameDto>(res).payLoad;
}

async function createPackage(gameId: string, fields: Record<string, string>, image?: Buffer): Promise<TokenPackageDto> {
  const form = multipart(
    {
      tokenTitle: 'Diamonds',
      unit: '86',
      price: '5000',
      currency: 'MMK',
      gameId,
      paymentMethod: 'NORMAL',
      canAddQuantity: 'False',
      packageImage: '',
      ...fields,
    },
    { file_PackageImage: { data: image ?? (await png(48, 48, '#aa00aa')) } },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/TokenPackage',
    headers: { ...form.headers, ...t.auth },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<TokenPackageDto>(res).payLoad;
}

async function gameRow(id: string) {
  return t.app.ctx.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('POST /api/v1/Game', () => {
  it('creates a game with its three images and answers 201', async () => {
    const before = publicFiles().length;
    const game = await createGame({ title: '  Create Test  ', isDisable: 'True', orderIndex: '7', serverType: 'SERVER' });
    expect(game).toMatchObject({ title: 'Create Test', description: 'MOBA', orderIndex: 7, serverType: 'SERVER', isDisable: true });
    expect(game.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const url of [game.logo, game.bannerImage, game.gameProfileImage]) {
      expect(url).toMatch(/^\/uploads\/[a-f0-9-]{36}\.(png|jpg)$/);
      const img = await t.app.inject({ method: 'GET', url: url! });
      expect(img.statusCode).toBe(200);
    }
    expect(game.gameProfileImage).toMatch(/\.jpg$/);
    expect(publicFiles().length).toBe(before + 3);
    const row = await gameRow(game.id);
    expect(row).toMatchObject({
      title: 'Create Test',
      order_index: 7,
      server_type: 'SERVER',
      is_disable: 1,
      logo: nameOf(game.logo),
      banner_image: nameOf(game.bannerImage),
    });
  });

  it('makes the banner optional, defaults orderIndex and isDisable, and accepts true/false', async () => {
    const form = { title: 'No Banner', serverType: 'NONE' };
    const res = await sendGame('POST', '/api/v1/game', form, {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: await png() },
    });
    expect(res.statusCode).toBe(201);
    expect(body<GameDto>(res).payLoad).toMatchObject({ orderIndex: 1, isDisable: false, bannerImage: null, description: '' });
    const res2 = await sendGame('POST', '/api/v1/Game', gameFields({ title: 'Lower bool', isDisable: 'true' }), {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: await png() },
    });
    expect(body<GameDto>(res2).payLoad.isDisable).toBe(true);
  });

  it('names every missing required image and stores nothing', async () => {
    const before = publicFiles();
    const res = await sendGame('POST', '/api/v1/Game', gameFields({ title: '' }), { file_BannerImage: { data: await png() } });
    expect(res.statusCode).toBe(400);
    const b = body(res);
    expect(b.errors).toEqual({
      title: [textOf(MSG.required)],
      file_Logo: [textOf(MSG.logoRequired)],
      file_GameProfileImage: [textOf(MSG.profileImageRequired)],
    });
    expect(b.message).toBe(textOf(MSG.fieldRequired('title')));
    expect(b.message).toBe('title is required.');
    expect(publicFiles()).toEqual(before);

    const onlyLogo = await sendGame('POST', '/api/v1/Game', gameFields(), { file_Logo: { data: await png() } });
    expect(onlyLogo.statusCode).toBe(400);
    expect(body(onlyLogo).errors).toEqual({ file_GameProfileImage: [textOf(MSG.profileImageRequired)] });
    expect(body(onlyLogo).message).toBe(textOf(MSG.profileImageRequired));
    expect(publicFiles()).toEqual(before);
  });

  it.each([
    [{ orderIndex: '0' }, 'orderIndex', textOf(MSG.orderIndexNonZero)],
    [{ orderIndex: 'abc' }, 'orderIndex', 'Must be a number.'],
    [{ orderIndex: '1.5' }, 'orderIndex', 'Must be a whole number.'],
    [{ isDisable: 'maybe' }, 'isDisable', "Must be 'True' or 'False'."],
    [{ title: 'x'.repeat(101) }, 'title', textOf(MSG.tooLong(100))],
    [{ description: 'x'.repeat(2001) }, 'description', textOf(MSG.tooLong(2000))],
  ])('refuses %o with a message on %s', async (overrides, field, message) => {
    const before = publicFiles();
    const res = await sendGame('POST', '/api/v1/Game', gameFields(overrides), {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: await png() },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[field]).toEqual([message]);
    expect(publicFiles()).toEqual(before);
  });

  it('refuses an unknown server type', async () => {
    const res = await sendGame('POST', '/api/v1/Game', gameFields({ serverType: 'MOON' }), {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: await png() },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['serverType']);
    // In words, not the codes NONE/SERVER/ZONEID a person never sees.
    expect(body(res).errors!.serverType).toEqual(['Choose one: no server, server from a list, Zone ID.']);
  });

  it('refuses a non-image in any file field and leaves none of the other images behind', async () => {
    const before = publicFiles();
    const count = await t.app.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await sendGame('POST', '/api/v1/Game', gameFields({ title: 'Bad banner' }), {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: await png() },
      file_BannerImage: { data: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ file_BannerImage: [textOf(MSG.imageInvalid)] });
    expect(publicFiles()).toEqual(before);
    const after = await t.app.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n));
  });

  it('refuses an unexpected file field', async () => {
    const res = await sendGame('POST', '/api/v1/Game', gameFields(), {
      file_Logo: { data: await png() },
      file_Other: { data: await png() },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['file_Other']);
  });

  it('needs a signed-in admin', async () => {
    const before = publicFiles();
    const res = await sendGame(
      'POST',
      '/api/v1/Game',
      gameFields(),
      { file_Logo: { data: await png() }, file_GameProfileImage: { data: await png() } },
      false,
    );
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(textOf(MSG.unauthorized));
    expect(publicFiles()).toEqual(before);
  });
});

describe('GET /api/v1/Game and BannerList', () => {
  let enabledLate: GameDto;
  let enabledEarly: GameDto;
  let enabledEarlySecond: GameDto;
  let disabled: GameDto;
  let noBanner: GameDto;
  beforeAll(async () => {
    enabledLate = await createGame({ title: 'Listing Zeta', orderIndex: '30' });
    enabledEarly = await createGame({ title: 'Listing Alpha', orderIndex: '2' });
    enabledEarlySecond = await createGame({ title: 'Listing Beta', orderIndex: '2' });
    disabled = await createGame({ title: 'Listing Hidden', orderIndex: '1', isDisable: 'True' });
    noBanner = await createGame({ title: 'Listing Plain', orderIndex: '3' }, false);
  });

  it('shows anonymous callers enabled games only, by orderIndex then createdAt', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Game?searchTerm=listing&pageSize=12' });
    expect(res.statusCode).toBe(200);
    const page = body<Page<GameDto>>(res).payLoad;
    expect(page.items.map((g) => g.title)).toEqual(['Listing Alpha', 'Listing Beta', 'Listing Plain', 'Listing Zeta']);
    expect(page.paging).toMatchObject({ totalCount: 4, pageSize: 12, currentPage: 1, totalPages: 1 });
    expect(page.items[0]).toEqual(enabledEarly);
  });

  it('shows a signed-in admin every game, and ignores a bad token like no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/game?searchTerm=LISTING', headers: t.auth });
    const page = body<Page<GameDto>>(res).payLoad;
    expect(page.items.map((g) => g.id)).toEqual([disabled.id, enabledEarly.id, enabledEarlySecond.id, noBanner.id, enabledLate.id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Game?searchTerm=listing',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(bad.statusCode).toBe(200);
    expect(body<Page<GameDto>>(bad).payLoad.paging.totalCount).toBe(4);
  });

  it('pages and clamps the page size', async () => {
    const second = body<Page<GameDto>>(
      await t.app.inject({ method: 'GET', url: '/api/v1/Game?searchTerm=listing&pageSize=3&currentPage=2' }),
    ).payLoad;
    expect(second.items.map((g) => g.title)).toEqual(['Listing Zeta']);
    expect(second.paging).toMatchObject({ totalCount: 4, totalPages: 2, currentPage: 2 });
    const huge = body<Page<GameDto>>(await t.app.inject({ method: 'GET', url: '/api/v1/Game?pageSize=100000' })).payLoad;
    expect(huge.paging.pageSize).toBe(1000);
    const none = body<Page<GameDto>>(await t.app.inject({ method: 'GET', url: '/api/v1/Game?searchTerm=100%25_' })).payLoad;
    expect(none.items).toEqual([]);
  });

  it('answers BannerList in payLoadList: enabled games with a banner, in order, at most 10, any case', async () => {
    for (let i = 0; i < 9; i++) await createGame({ title: `Banner filler ${i}`, orderIndex: String(500 + i) });
    for (const url of ['/api/v1/Game/BannerList', '/api/v1/game/bannerlist', '/API/V1/GAME/BANNERLIST']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const b = body<null>(res);
      expect(b.payLoad).toBeNull();
      const list = b.payLoadList as GameDto[];
      expect(list).toHaveLength(10);
      expect(list.every((g) => !g.isDisable && g.bannerImage)).toBe(true);
      expect(list.map((g) => g.id)).not.toContain(disabled.id);
      expect(list.map((g) => g.id)).not.toContain(noBanner.id);
      const indexes = list.map((g) => g.orderIndex);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    }
  });
});

describe('GET /api/v1/game/{id}', () => {
  it('answers the game with its packages (by payment method, then price) and the payment accounts', async () => {
    const game = await createGame({ title: 'Detail Game' });
    await createPackage(game.id, { tokenTitle: 'Big', price: '9000' });
    await createPackage(game.id, { tokenTitle: 'Phone small', price: '1500', paymentMethod: 'PHONEBILL' });
    await createPackage(game.id, { tokenTitle: 'Small', price: '1000', canAddQuantity: 'True' });
    // The active account added at setup (a game goes on sale only while one exists).
    for (const url of [`/api/v1/game/${game.id}`, `/api/v1/Game/${game.id.toUpperCase()}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const detail = body<GameDetailDto>(res).payLoad;
      expect(detail).toMatchObject({ id: game.id, title: 'Detail Game', serverType: 'ZONEID', logo: game.logo });
      expect(detail.tokenPackageDto.map((p) => p.tokenTitle)).toEqual(['Small', 'Big', 'Phone small']);
      expect(detail.tokenPackageDto[0]).toMatchObject({
        canAddQuantity: true,
        price: 1000,
        unit: 86,
        currency: 'MMK',
        gameId: game.id,
        gameDto: { id: game.id, title: 'Detail Game' },
      });
      expect(detail.configSettingDtos).toEqual([expect.objectContaining({ paymentName: 'KBZPay', phone: '09123456789' })]);
    }
  });

  it('hides a disabled game from anonymous callers but not from admins', async () => {
    const game = await createGame({ title: 'Disabled Detail', isDisable: 'True' });
    const anon = await t.app.inject({ method: 'GET', url: `/api/v1/game/${game.id}` });
    expect(anon.statusCode).toBe(404);
    expect(body(anon).message).toBe(textOf(MSG.notFound('Game')));
    const admin = await t.app.inject({ method: 'GET', url: `/api/v1/game/${game.id}`, headers: t.auth });
    expect(admin.statusCode).toBe(200);
    expect(body<GameDetailDto>(admin).payLoad.isDisable).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/game/${randomUUID()}` })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/game/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})).toEqual(['id']);
  });
});

describe('PUT /api/v1/game/{id}', () => {
  it('keeps images when no file comes and changes the fields', async () => {
    const game = await createGame({ title: 'Update Keep' });
    const before = publicFiles();
    const res = await sendGame(
      'PUT',
      `/api/v1/game/${game.id}`,
      gameFields({ title: 'Update Kept', serverType: 'NONE', orderIndex: '4', isDisable: 'True' }),
      {},
    );
    expect(res.statusCode).toBe(200);
    const updated = body<GameDto>(res).payLoad;
    expect(updated).toMatchObject({
      id: game.id,
      title: 'Update Kept',
      serverType: 'NONE',
      orderIndex: 4,
      isDisable: true,
      logo: game.logo,
      bannerImage: game.bannerImage,
      gameProfileImage: game.gameProfileImage,
      createdAt: game.createdAt,
    });
    expect(publicFiles()).toEqual(before);
    expect(await gameRow(game.id)).toMatchObject({ title: 'Update Kept', server_type: 'NONE', is_disable: 1, order_index: 4 });
  });

  it('replaces an image and releases the old file', async () => {
    const game = await createGame({ title: 'Update Replace' });
    const res = await sendGame('PUT', `/api/v1/Game/${game.id}`, gameFields({ title: 'Update Replace' }), {
      file_Logo: { data: await png(80, 80, '#00ff00') },
      file_BannerImage: { data: await png(300, 100, '#ff0000') },
    });
    expect(res.statusCode).toBe(200);
    const updated = body<GameDto>(res).payLoad;
    expect(updated.logo).not.toBe(game.logo);
    expect(updated.bannerImage).not.toBe(game.bannerImage);
    expect(updated.gameProfileImage).toBe(game.gameProfileImage);
    const files = publicFiles();
    expect(files).not.toContain(nameOf(game.logo));
    expect(files).not.toContain(nameOf(game.bannerImage));
    expect(files).toEqual(expect.arrayContaining([nameOf(updated.logo), nameOf(updated.bannerImage), nameOf(game.gameProfileImage)]));
    expect((await t.app.inject({ method: 'GET', url: updated.logo! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: game.logo! })).statusCode).toBe(404);
  });

  it('refuses bad fields or a bad image and leaves the game and files as they were', async () => {
    const game = await createGame({ title: 'Update Refuse' });
    const before = publicFiles();
    const bad = await sendGame('PUT', `/api/v1/game/${game.id}`, gameFields({ title: ' ' }), { file_Logo: { data: await png() } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual({ title: [textOf(MSG.required)] });
    const badImage = await sendGame('PUT', `/api/v1/game/${game.id}`, gameFields({ title: 'Changed' }), {
      file_Logo: { data: await png() },
      file_GameProfileImage: { data: Buffer.from('plain text') },
    });
    expect(badImage.statusCode).toBe(400);
    expect(body(badImage).errors).toEqual({ file_GameProfileImage: [textOf(MSG.imageInvalid)] });
    expect(publicFiles()).toEqual(before);
    expect(await gameRow(game.id)).toMatchObject({ title: 'Update Refuse', logo: nameOf(game.logo) });
  });

  it('answers 404 for an unknown game without storing its files, and needs an admin', async () => {
    const before = publicFiles();
    const res = await sendGame('PUT', `/api/v1/game/${randomUUID()}`, gameFields(), { file_Logo: { data: await png() } });
    expect(res.statusCode).toBe(404);
    expect(publicFiles()).toEqual(before);
    const game = await createGame({ title: 'Update Anonymous' });
    const anon = await sendGame('PUT', `/api/v1/game/${game.id}`, gameFields({ title: 'Hacked' }), {}, false);
    expect(anon.statusCode).toBe(401);
    expect((await gameRow(game.id))?.title).toBe('Update Anonymous');
  });
});

describe('DELETE /api/v1/game/{id}', () => {
  it('deletes the game with its packages and images; orders keep their snapshot and its image', async () => {
    const game = await createGame({ title: 'Delete Me' });
    const kept = await createPackage(game.id, { tokenTitle: 'Ordered pack' }, await png(40, 40, '#123456'));
    const gone = await createPackage(game.id, { tokenTitle: 'Unordered pack' }, await png(40, 40, '#654321'));
    const orderId = randomUUID();
    await t.app.ctx.db
      .insertInto('orders')
      .values(
        orderRow({
          id: orderId,
          game_id: game.id,
          game_title: game.title,
          package_id: kept.id,
          package_title: kept.tokenTitle,
          package_unit: kept.unit,
          package_price: kept.price,
          package_currency: kept.currency,
          package_image: nameOf(kept.packageImage),
          sub_total: kept.price,
        }),
      )
      .execute();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/Game/${game.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body<{ id: string }>(res).payLoad).toEqual({ id: game.id });

    expect(await gameRow(game.id)).toBeUndefined();
    const packages = await t.app.ctx.db.selectFrom('token_packages').select('id').where('game_id', '=', game.id).execute();
    expect(packages).toEqual([]);
    const order = await t.app.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      game_id: null,
      package_id: null,
      game_title: 'Delete Me',
      package_title: 'Ordered pack',
      package_image: nameOf(kept.packageImage),
    });

    const files = publicFiles();
    for (const url of [game.logo, game.bannerImage, game.gameProfileImage, gone.packageImage]) expect(files).not.toContain(nameOf(url));
    expect(files).toContain(nameOf(kept.packageImage));

    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/game/${game.id}`, headers: t.auth })).statusCode).toBe(404);
  });

  it('needs an admin', async () => {
    const game = await createGame({ title: 'Delete Anonymous' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/game/${game.id}` });
    expect(res.statusCode).toBe(401);
    expect(await gameRow(game.id)).toBeDefined();
  });
});

describe('a game on sale needs an active payment account', () => {
  it('refuses to create or enable a game while none is active, names isDisable, and allows a disabled one', async () => {
    const own = await buildTestApp();
    try {
      const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
        const form = multipart(gameFields(fields), { file_Logo: { data: await png() }, file_GameProfileImage: { data: await jpeg() } });
        return own.app.inject({ method, url, headers: { ...form.headers, ...own.auth }, payload: form.payload });
      };
      const refused = await send('POST', '/api/v1/Game', { title: 'On sale too soon' });
      expect(refused.statusCode).toBe(409);
      expect(body(refused)).toMatchObject({
        message: textOf(PAYMENT_ACCOUNT_MSG.noneActive),
        errors: { isDisable: [textOf(PAYMENT_ACCOUNT_MSG.noneActive)] },
      });
      expect(storedFiles(own.dataDir)).toEqual([]);

      const hidden = await send('POST', '/api/v1/Game', { title: 'Prepared', isDisable: 'True' });
      expect(hidden.statusCode).toBe(201);
      const id = body<GameDto>(hidden).payLoad.id;
      expect((await send('PUT', `/api/v1/Game/${id}`, { title: 'Prepared', isDisable: 'False' })).statusCode).toBe(409);

      const accountId = await addPaymentAccount(own);
      expect((await send('PUT', `/api/v1/Game/${id}`, { title: 'Prepared', isDisable: 'False' })).statusCode).toBe(200);
      // And from the other side: the last active account can't be paused now that the game is on sale.
      const pause = multipart({ paymentName: 'KBZPay', phone: '09123456789', isActive: 'False' });
      const paused = await own.app.inject({
        method: 'PUT',
        url: `/api/v1/ConfigSetting/${accountId}`,
        headers: { ...pause.headers, ...own.auth },
        payload: pause.payload,
      });
      expect(paused.statusCode).toBe(409);
    } finally {
      await own.close();
    }
  });
});
