import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { SERVER_TYPES } from '@topup/contract/limits';
import { body, buildTestApp, storedFiles, type TestApp } from '../../test/helpers.ts';
import { prepareFirstRun } from '../startup.ts';

// Each test closes its app before the next one starts: one test database at a time per file.
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function seededApp(env: Record<string, string>) {
  current = await buildTestApp(env);
  return current;
}

async function counts(t: TestApp) {
  const db = t.app.ctx.db;
  const n = (table: 'games' | 'token_packages' | 'config_settings') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    games: await n('games'),
    packages: await n('token_packages'),
    accounts: await n('config_settings'),
    files: storedFiles(t.dataDir).length,
  };
}

async function loadImage(t: TestApp, url: string | null) {
  expect(url).toMatch(/^\/uploads\//);
  const res = await t.app.inject({ method: 'GET', url: url! });
  expect(res.statusCode, url!).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
  return sharp(res.rawPayload).metadata();
}

describe('demo catalog seed', () => {
  it('seeds a fresh shop quickly with games of every server type, packages, accounts and loadable images', async () => {
    const t = await seededApp({ SEED_DEMO: 'true' });
    const started = Date.now();
    await prepareFirstRun(t.app);
    // ~1 s of it is the rendering child process (docs/decisions/0024-idle-memory.md): a slower first start once, for
    // ~50 MB less resident memory for the server's whole life.
    expect(Date.now() - started).toBeLessThan(5000);

    const admin = body<{ items: GameDto[]; paging: { totalCount: number } }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/Game?pageSize=100', headers: t.auth }),
    ).payLoad;
    expect(admin.paging.totalCount).toBeGreaterThanOrEqual(8);
    const games = admin.items;
    expect(games.filter((g) => g.isDisable)).toHaveLength(1);
    expect(new Set(games.map((g) => g.serverType))).toEqual(new Set(SERVER_TYPES));
    expect(games.map((g) => g.title)).toEqual(expect.arrayContaining(['Mobile Legends: Bang Bang', 'PUBG Mobile', 'Genshin Impact']));

    const publicList = body<{ paging: { totalCount: number } }>(await t.app.inject({ method: 'GET', url: '/api/v1/Game' })).payLoad;
    expect(publicList.paging.totalCount).toBe(games.length - 1);
    const banners = body(await t.app.inject({ method: 'GET', url: '/api/v1/Game/BannerList' })).payLoadList as GameDto[];
    expect(banners.length).toBeGreaterThanOrEqual(3);

    for (const game of games) {
      const logo = await loadImage(t, game.logo);
      expect(logo.width).toBe(logo.height);
      const banner = await loadImage(t, game.bannerImage);
      expect(banner.width! / banner.height!).toBeGreaterThanOrEqual(2.5);
      await loadImage(t, game.gameProfileImage);

      const detail = body<GameDetailDto>(await t.app.inject({ method: 'GET', url: `/api/v1/game/${game.id}`, headers: t.auth })).payLoad;
      expect(detail.tokenPackageDto.length).toBeGreaterThan(0);
      expect(new Set(detail.tokenPackageDto.map((p) => p.paymentMethod))).toEqual(new Set(['NORMAL', 'PHONEBILL']));
      // Each payment method has its own accounts, each with its holder's name.
      expect(detail.configSettingDtos.map((c) => [c.paymentName, c.paymentMethod])).toEqual([
        ['KBZPay', 'NORMAL'],
        ['WavePay', 'NORMAL'],
        ['MPT', 'PHONEBILL'],
      ]);
      expect(detail.configSettingDtos.every((c) => c.holderName)).toBe(true);
      // A Burmese buyer reads the description in Burmese too.
      expect(detail.description).toMatch(/[\u1000-\u109F]/);
      expect(detail.description).toMatch(/[A-Za-z]{4}/);
      for (const account of detail.configSettingDtos) {
        expect(account.phone).toMatch(/^09\d{7,9}$/);
        await loadImage(t, account.logo);
      }
      for (const pack of detail.tokenPackageDto) {
        expect(pack.currency).toBe('MMK');
        expect(pack.price).toBeGreaterThan(0);
        await loadImage(t, pack.packageImage);
      }
    }

    const packages = body<{ items: TokenPackageDto[]; paging: { totalCount: number } }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/TokenPackage?pageSize=1000', headers: t.auth }),
    ).payLoad.items;
    expect(packages.some((p) => p.canAddQuantity)).toBe(true);
    expect(packages.some((p) => !p.canAddQuantity)).toBe(true);
    expect(packages.some((p) => p.paymentMethod === 'PHONEBILL')).toBe(true);
  });

  it('never seeds twice: running the first-run step again adds nothing', async () => {
    const t = await seededApp({ SEED_DEMO: 'true' });
    await prepareFirstRun(t.app);
    const first = await counts(t);
    expect(first.games).toBeGreaterThanOrEqual(8);
    expect(first.accounts).toBe(3);
    await prepareFirstRun(t.app);
    expect(await counts(t)).toEqual(first);
  });

  it('does not re-seed a shop whose admin removed every game but kept its payment accounts', async () => {
    const t = await seededApp({ SEED_DEMO: 'true' });
    await prepareFirstRun(t.app);
    await t.app.ctx.db.deleteFrom('games').execute();
    await prepareFirstRun(t.app);
    const after = await counts(t);
    expect(after.games).toBe(0);
    expect(after.packages).toBe(0);
  });

  it('seeds nothing with SEED_DEMO=false', async () => {
    const t = await seededApp({ SEED_DEMO: 'false' });
    await prepareFirstRun(t.app);
    expect(await counts(t)).toEqual({ games: 0, packages: 0, accounts: 0, files: 0 });
  });
});
