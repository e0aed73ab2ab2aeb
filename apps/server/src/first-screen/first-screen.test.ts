// The server-rendered first screen: `/` and `/game/{id}` answer the built index.html with the page's data embedded
// as JSON (safely escaped), meta tags, the first image preloaded and the page's chunks listed for after the first paint; an unknown
// or disabled game answers 404; a buyer's status page embeds their order only for the right code and token.
// Runs against a small web build fixture (index.html + Vite manifest), with the web app's own server renderer
// (apps/web/src/entry-server.tsx) for the first screen's markup.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { register } from '../modules/auth/auth.service.ts';
import { addPaymentAccount, jpeg, login, multipart, png, putShopSettings, shopSettingsFields } from '../../test/helpers.ts';
import type { AppData } from '@topup/contract/app-data';
import { escapeHtml, jsonForScript } from './html.ts';
import { linkedStylesheets } from './web-build.ts';

/** The web app's server entry, loaded as source (vitest transforms it) rather than from a build. */
const SSR_ENTRY = new URL('../../../web/src/entry-server.tsx', import.meta.url).pathname;
const ENGLISH = { cookie: 'theme=dark; app_language=en' };

const INDEX_HTML = `<!doctype html>
<html lang="my">
  <head>
    <meta charset="UTF-8" />
    <title>Fixture Shop</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <!--app-data-->
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: [] },
  'src/app/routes/storefront-layout.tsx': { file: 'assets/storefront-layout-1.js', imports: ['index.html', '_shared.js'] },
  'src/app/routes/home.tsx': { file: 'assets/home-2.js', imports: ['index.html', '_shared.js'] },
  'src/app/routes/game.tsx': {
    file: 'assets/game-3.js',
    imports: ['index.html'],
    dynamicImports: ['src/features/checkout/components/confirm-dialog.tsx'],
  },
  'src/app/routes/order-status.tsx': { file: 'assets/order-status-5.js', imports: ['index.html', '_shared.js'] },
  'src/locales/mm/tracking.json': { file: 'assets/tracking-6.js' },
  '_shared.js': { file: 'assets/shared-4.js' },
  'src/boot.tsx': {
    file: 'assets/boot-7.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/app/routes/game.tsx', 'src/app/routes/dashboard/layout.tsx'],
    isDynamicEntry: true,
  },
  'src/app/routes/dashboard/layout.tsx': { file: 'assets/layout-8.js', imports: ['index.html'] },
  'src/features/checkout/components/confirm-dialog.tsx': { file: 'assets/confirm-dialog-9.js', imports: ['index.html'] },
};

/**
 * Rules for: no class; a class of the storefront's markup (`<main class="mx-auto …">`); one that only the game page's
 * lazy dialog uses; one that only a staff route uses.
 */
const FIXTURE_CSS =
  '@layer base{html{color:#111}}@layer utilities{.mx-auto{margin-inline:auto}.dialog-open{display:block}.staff-only-\\[1\\]{color:red}}';

let app: FastifyInstance;
let dir: string;
let auth: { authorization: string };
const games: GameDto[] = [];
let disabled: GameDto;
let packageId: string;

async function createGame(fields: Record<string, string>): Promise<GameDto> {
  const form = multipart(
    { description: 'desc', orderIndex: '1', serverType: 'NONE', isDisable: 'False', logo: '', bannerImage: '', ...fields },
    { file_Logo: { data: await png() }, file_GameProfileImage: { data: await jpeg() }, file_BannerImage: { data: await png(120, 40) } },
  );
  const res = await app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...form.headers, ...auth }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payLoad as GameDto;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'topup-webapp-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'index-abc.css'), FIXTURE_CSS);
  // A class only the storefront's lazy dialog uses, and one only a staff route uses.
  writeFileSync(path.join(webDir, 'assets', 'confirm-dialog-9.js'), 'export const c=`fixed ${x?"dialog-open":""}`;');
  writeFileSync(path.join(webDir, 'assets', 'layout-8.js'), 'export const c="staff-only-[1]";');
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  app = await buildApp(config, { logger: false, webDir, ssrEntry: SSR_ENTRY });
  await register(app.ctx, { email: 'admin@test.local', password: 'correct-horse-battery', role: 'owner' });
  const tokens = await login(app, 'admin@test.local', 'correct-horse-battery');
  auth = { authorization: `Bearer ${tokens.accessToken}` };
  await addPaymentAccount({ app, auth });
  // The store name in every title comes from the shop settings.
  expect((await putShopSettings(app, auth, shopSettingsFields({ shopName: 'Fixture Shop' }))).statusCode).toBe(200);
  // A title that would end the script element and one with a line separator, to prove the escaping.
  games.push(await createGame({ title: 'Evil </script><script>alert(1)</script>', orderIndex: '1', serverType: 'ZONEID' }));
  games.push(await createGame({ title: 'Line\u2028Separator & "Quotes"', orderIndex: '2' }));
  games.push(await createGame({ title: 'Third', orderIndex: '3', serverType: 'SERVER' }));
  disabled = await createGame({ title: 'Hidden game', orderIndex: '4', isDisable: 'True' });
  const pkg = multipart(
    {
      tokenTitle: '86 Diamonds',
      unit: '86',
      price: '5500',
      currency: 'MMK',
      gameId: games[0]!.id,
      paymentMethod: 'NORMAL',
      canAddQuantity: 'True',
      packageImage: '',
    },
    { file_PackageImage: { data: await png(48, 48) } },
  );
  const res = await app.inject({ method: 'POST', url: '/api/v1/TokenPackage', headers: { ...pkg.headers, ...auth }, payload: pkg.payload });
  expect(res.statusCode, res.body).toBe(201);
  packageId = (res.json().payLoad as { id: string }).id;
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the server rendered inside <div id="root"> (up to the JSON that follows it). */
function rootMarkup(res: LightMyRequestResponse): string {
  const start = res.body.indexOf('<div id="root">');
  expect(start, 'the page has its root element').toBeGreaterThan(-1);
  return res.body.slice(start, res.body.indexOf('<script type="application/json"'));
}

/** The chunks the entry fetches right after the first paint (#app-chunks). */
function pageChunks(res: LightMyRequestResponse): string[] {
  const match = /<script type="application\/json" id="app-chunks">([\s\S]*?)<\/script>/.exec(res.body);
  expect(match, 'the page lists its chunks').not.toBeNull();
  return JSON.parse(match![1]!) as string[];
}

/** The first server-rendered <img> (inside #root) whose src is `src`, with its attributes (names lower-cased, &amp; decoded). */
function imageTag(html: string, src: string): { attrs: Record<string, string> } {
  const root = html.slice(html.indexOf('<div id="root">'));
  for (const tag of root.match(/<img\b[^>]*>/g) ?? []) {
    const attrs: Record<string, string> = {};
    for (const [, name, value] of tag.matchAll(/([\w-]+)="([^"]*)"/g)) attrs[name!.toLowerCase()] = value!.replace(/&amp;/g, '&');
    if (attrs.src === src) return { attrs };
  }
  throw new Error(`no server-rendered <img src="${src}">`);
}

function appData(res: LightMyRequestResponse): AppData {
  const match = /<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(res.body);
  expect(match, 'the page embeds #app-data').not.toBeNull();
  return JSON.parse(match![1]!) as AppData;
}

describe('GET /', () => {
  it('embeds the banner list and the first page of enabled games, with meta tags and preloads', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The CSP still forbids inline scripts: the data is JSON, never executed.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);

    const data = appData(res);
    expect(data.renderedAt).toBeGreaterThanOrEqual(before);
    expect(data.games?.items.map((g) => g.title)).toEqual(games.map((g) => g.title));
    expect(data.games?.paging).toMatchObject({ currentPage: 1, pageSize: 12, totalCount: 3 });
    expect(data.bannerList?.map((g) => g.id)).toEqual(games.map((g) => g.id));
    expect(JSON.stringify(data)).not.toContain(disabled.id);

    expect(res.body).toContain('<title>Fixture Shop</title>');
    expect(res.body).toContain(`<meta property="og:image" content="http://shop.test${games[0]!.bannerImage}" />`);
    // The preload offers the same WebP widths as the banner's srcset, so the browser fetches the banner once.
    const banner = games[0]!.bannerImage!.split('/').pop();
    // The sizes name the banner's real slot (the page's content box), and a 720 px variant is there for a phone whose
    // slot is ~680 device pixels (388 CSS px at 1.75), which took the 960 before.
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${games[0]!.bannerImage}" imagesrcset="/img/480/${banner} 480w, /img/640/${banner} 640w, /img/720/${banner} 720w, /img/960/${banner} 960w, /img/1280/${banner} 1280w" imagesizes="(min-width: 1152px) 1120px, (min-width: 640px) calc(100vw - 32px), calc(100vw - 24px)" fetchpriority="high" />`,
    );
    // ... and exactly what the server-rendered <img> of the first banner says, so the browser fetches it once.
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(res.body)!;
    const img = imageTag(res.body, preload[1]!);
    expect(img.attrs.srcset).toBe(preload[2]);
    expect(img.attrs.sizes).toBe(preload[3]);
    expect(img.attrs.fetchpriority).toBe('high');
    expect(img.attrs.loading).toBe('eager');
    expect(res.body).toMatch(/<meta name="description" content="[^"]*Evil &lt;\/script&gt;/);
    // Meta text in the storefront's default language, Burmese, unless the browser prefers English.
    expect(res.body).toMatch(/<meta name="description" content="[^"]*နှင့် အခြားဂိမ်းများ/);
    expect(res.headers.vary).toMatch(/accept-language/i);
    const english = await app.inject({ method: 'GET', url: '/', headers: { host: 'shop.test', 'accept-language': 'en-US,en;q=0.9' } });
    expect(english.body).toMatch(/<meta name="description" content="[^"]* and more\. Top up your favourite games/);
    // The app and the home chunks (and what they share) are fetched together after the first paint, not in a chain.
    expect(pageChunks(res)).toEqual(['/assets/shared-4.js', '/assets/boot-7.js', '/assets/storefront-layout-1.js', '/assets/home-2.js']);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toContain('game-3.js');
    expect(res.body).not.toContain('<!--app-head-->');
  });

  it('escapes the embedded JSON so no title can end the script element', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const scripts = res.body.match(/<\/script>/g) ?? [];
    expect(scripts).toHaveLength(3); // the entry module, #app-chunks and #app-data, nothing injected
    // A raw U+2028 would end a JavaScript string; in the HTML around it (the markup's text) it is just a character.
    const json = /<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(json).not.toContain('\u2028');
    expect(json).toContain('Evil \\u003c/script\\u003e');
    expect(appData(res).games?.items[1]?.title).toBe('Line\u2028Separator & "Quotes"');
  });
});

describe('the inline stylesheet', () => {
  const style = (body: string) => /<style data-href="\/assets\/index-abc\.css"( data-first-screen)?>([\s\S]*?)<\/style>/.exec(body);

  it("carries only the rules the storefront's markup and scripts can use on / and /game/{id}, marked as such", async () => {
    for (const url of ['/', `/game/${games[0]!.id}`, '/game/00000000-0000-4000-8000-000000000000']) {
      const res = await app.inject({ method: 'GET', url });
      const found = style(res.body);
      expect(found, url).not.toBeNull();
      expect(found![1], url).toBe(' data-first-screen');
      expect(found![2], url).toBe('@layer base{html{color:#111}}@layer utilities{.mx-auto{margin-inline:auto}.dialog-open{display:block}}');
      expect(res.body, url).not.toContain('<link rel="stylesheet"');
    }
  });

  it('carries the whole stylesheet on pages the browser renders itself', async () => {
    for (const url of ['/dashboard/orders', '/login', '/order/ABCDEFGH?t=x']) {
      const found = style((await app.inject({ method: 'GET', url })).body);
      expect(found, url).not.toBeNull();
      expect([found![1], found![2]], url).toEqual([undefined, FIXTURE_CSS]);
    }
  });
});

describe('shop settings in the HTML', () => {
  it('embeds them on every page and shows a change on the next load, without a restart', async () => {
    for (const url of ['/', `/game/${games[0]!.id}`, '/dashboard/orders', '/login']) {
      const data = appData(await app.inject({ method: 'GET', url }));
      expect(data.shopSettings, url).toMatchObject({
        shopName: 'Fixture Shop',
        telegramUrl: 'https://t.me/golden',
        deliveryMinutes: 5,
        timeZone: 'Asia/Yangon',
      });
    }
    const renamed = await putShopSettings(app, auth, shopSettingsFields({ shopName: 'Renamed <Shop>', deliveryMinutes: '7' }));
    expect(renamed.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<title>Renamed &lt;Shop&gt;</title>');
    expect(appData(res).shopSettings).toMatchObject({ shopName: 'Renamed <Shop>', deliveryMinutes: 7 });
    expect((await putShopSettings(app, auth, shopSettingsFields({ shopName: 'Fixture Shop' }))).statusCode).toBe(200);
  });
});

describe('GET /game/{id}', () => {
  it('embeds the game with its packages and payment accounts, titled after the game', async () => {
    const game = games[0]!;
    const res = await app.inject({ method: 'GET', url: `/game/${game.id}` });
    expect(res.statusCode).toBe(200);
    const data = appData(res);
    expect(data.gameId).toBe(game.id);
    const detail = data.game as GameDetailDto;
    expect(detail).toMatchObject({ id: game.id, serverType: 'ZONEID' });
    expect(detail.tokenPackageDto.map((p) => [p.tokenTitle, p.price, p.canAddQuantity])).toEqual([['86 Diamonds', 5500, true]]);
    expect(Array.isArray(detail.configSettingDtos)).toBe(true);
    expect(res.body).toContain(`<title>${escapeHtml(game.title)} | Fixture Shop</title>`);
    expect(res.body).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="${game.logo}" imagesrcset="/img/96/[^"]+ 96w, [^"]+ 320w" imagesizes="[^"]+" fetchpriority="high" />`,
      ),
    );
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(res.body)!;
    const logo = imageTag(res.body, game.logo!);
    expect([logo.attrs.srcset, logo.attrs.sizes]).toEqual([preload[2], preload[3]]);
    expect(pageChunks(res)).toContain('/assets/game-3.js');
    expect(res.body).not.toContain('home-2.js');
  });

  it('answers 404 with the app (and game: null) for a disabled, unknown or malformed id', async () => {
    for (const id of [disabled.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await app.inject({ method: 'GET', url: `/game/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      const data = appData(res);
      expect(data).toMatchObject({ gameId: id, game: null });
      expect(res.body).not.toContain('Hidden game');
    }
  });

  it('still gives an admin-only game 404 on the public page even with a token', async () => {
    const res = await app.inject({ method: 'GET', url: `/game/${disabled.id}`, headers: auth });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /order/{code}?t= (a buyer's status page)", () => {
  type Placed = { id: string; code: string; trackingToken: string };
  async function placeOrder(inGameUserId: string): Promise<Placed> {
    const form = multipart(
      {
        inGameUserId,
        serverInfo: '2468',
        mobileNumber: '09123456789',
        tokenPackageId: packageId,
        quantity: '1',
        transactionNumber: '314159',
        screenShot: '',
      },
      { file_ScreenShot: { data: await png() } },
    );
    const res = await app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payLoad as Placed;
  }
  let mine: Placed;
  let theirs: Placed;
  beforeAll(async () => {
    mine = await placeOrder('buyer-one-777');
    theirs = await placeOrder('buyer-two-888');
  });

  it("embeds the buyer's view of the order for the right code and token; never stored, never sent on as a referrer", async () => {
    const res = await app.inject({ method: 'GET', url: `/order/${mine.code.toLowerCase()}?t=${encodeURIComponent(mine.trackingToken)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const data = appData(res);
    expect(data.trackedCode).toBe(mine.code.toLowerCase());
    // The same view the API answers.
    const api = await app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${mine.code}?t=${encodeURIComponent(mine.trackingToken)}` });
    expect(data.trackedOrder).toEqual(api.json().payLoad);
    expect(data.trackedOrder).toMatchObject({ code: mine.code, status: 'PENDING', stage: 'PLACED', gameTitle: games[0]!.title });
    expect(data.shopSettings?.shopName).toBe('Fixture Shop');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(pageChunks(res)).toEqual(expect.arrayContaining(['/assets/order-status-5.js', '/assets/tracking-6.js']));
    // Neither the title nor a link preview names the order.
    expect(res.body).toContain('<title>Fixture Shop</title>');
    for (const secret of [mine.id, mine.trackingToken, 'buyer-one-777', '314159', theirs.code, 'screenShot'])
      expect(res.body).not.toContain(secret);
  });

  it("a wrong, missing or another order's token, or an unknown code: the same 404 page, with nothing about any order", async () => {
    const urls = [
      `/order/${mine.code}?t=${encodeURIComponent(theirs.trackingToken)}`,
      `/order/${mine.code}?t=wrong-token`,
      `/order/${mine.code}`,
      `/order/${mine.code}?t=${encodeURIComponent(mine.trackingToken)}&t=${encodeURIComponent(mine.trackingToken)}`,
      `/order/ZZZZZZZZ?t=${encodeURIComponent(mine.trackingToken)}`,
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const data = appData(res);
      expect(data.trackedOrder, url).toBeNull();
      expect(Object.keys(data).sort()).toEqual(['renderedAt', 'shopSettings', 'trackedCode', 'trackedOrder']);
      for (const secret of [mine.id, theirs.id, 'buyer-one-777', 'buyer-two-888', 'Evil', 'Diamonds', 'PENDING'])
        expect(res.body, url).not.toContain(secret);
    }
  });
});

describe('the first screen rendered on the server', () => {
  it("/ carries the header, the banner and the game grid, in Burmese by default and in English by the reader's cookie", async () => {
    const burmese = await app.inject({ method: 'GET', url: '/' });
    expect(burmese.body).toContain('<html lang="my"');
    expect(appData(burmese).language).toBe('mm');
    const mm = rootMarkup(burmese);
    for (const text of ['Fixture Shop', 'လူကြိုက်အများဆုံး', 'ကျွန်ုပ်၏ အော်ဒါများ', 'Third', 'data-testid="banner-carousel"'])
      expect(mm).toContain(text);
    // React escapes text: the evil title is shown, not run.
    expect(mm).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mm).not.toContain('Hidden game');

    // English when the reader chose it (the app mirrors its choice into the cookie), whatever the browser prefers.
    const english = await app.inject({ method: 'GET', url: '/', headers: { ...ENGLISH, 'accept-language': 'my' } });
    expect(english.body).toContain('<html lang="en"');
    expect(appData(english).language).toBe('en');
    const en = rootMarkup(english);
    for (const text of ['Fixture Shop', 'Most popular', 'My orders', 'Third']) expect(en).toContain(text);
    expect(en).not.toContain('လူကြိုက်အများဆုံး');
    expect(english.headers.vary).toMatch(/cookie/i);
  });

  it('/game/{id} carries the game, how to top up and its packages in either language', async () => {
    const game = games[0]!;
    const mm = rootMarkup(await app.inject({ method: 'GET', url: `/game/${game.id}` }));
    for (const text of ['Evil &lt;/script&gt;', 'ငွေဖြည့်နည်း', 'ပက်ကေ့ချ်များ', '86 Diamonds']) expect(mm).toContain(text);
    // The order form takes no input until the browser has hydrated it (it would be lost): inert in the HTML.
    expect(mm).toMatch(/<div class="space-y-6" inert="" aria-busy="true">/);
    const en = rootMarkup(await app.inject({ method: 'GET', url: `/game/${game.id}`, headers: ENGLISH }));
    for (const text of ['Evil &lt;/script&gt;', 'How to top up', 'Packages', '86 Diamonds']) expect(en).toContain(text);
  });

  it("a missing game's 404 carries the not-found page in either language", async () => {
    const mm = await app.inject({ method: 'GET', url: `/game/${disabled.id}` });
    expect(mm.statusCode).toBe(404);
    expect(rootMarkup(mm)).toContain('စာမျက်နှာ မတွေ့ပါ');
    const en = await app.inject({ method: 'GET', url: '/game/not-a-uuid', headers: ENGLISH });
    expect(en.statusCode).toBe(404);
    expect(rootMarkup(en)).toContain('Page not found');
  });

  it('other pages and unknown cookie values get no markup or the default language', async () => {
    expect(rootMarkup(await app.inject({ method: 'GET', url: '/login' }))).toBe('<div id="root"></div>\n    ');
    const odd = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'app_language=fr; x_app_language=en' } });
    expect(appData(odd).language).toBe('mm');
  });

  it('sends the page without markup (never a 500) when the renderer fails, and logs why', async () => {
    const failing = path.join(dir, 'failing-entry.mjs');
    writeFileSync(failing, "export async function renderPage() { throw new Error('renderer broke'); }\n");
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'failing'),
      DATABASE_URL: `sqlite:${path.join(dir, 'failing.db')}`,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const other = await buildApp(config, {
      webDir: path.join(dir, 'web'),
      ssrEntry: failing,
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const res = await other.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(appData(res).language).toBeUndefined();
      expect(res.body).toContain('<html lang="my"');
      expect(lines.join('')).toContain('renderer broke');
    } finally {
      await other.close();
    }
  });
});

describe('other pages', () => {
  it('serve the plain app shell, and unknown /api paths stay JSON 404s', async () => {
    const page = await app.inject({ method: 'GET', url: '/dashboard/orders' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // The app the entry imports after the first paint is listed, so its imports are fetched at once, not in a chain.
    expect(pageChunks(page)).toEqual(['/assets/shared-4.js', '/assets/boot-7.js']);
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });

  it('serves built assets but not the build manifest', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).not.toMatch(/json/);
    expect(manifest.body).not.toContain('isEntry');
  });
});

describe('jsonForScript', () => {
  it('leaves no <, >, & or line separators and round-trips', () => {
    const value = { a: '</script><!-- & \u2028\u2029 -->' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('linkedStylesheets', () => {
  it('reads the build stylesheets the page links, closing tags in them made harmless, and skips unknown files', () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-inline-css-'));
    try {
      mkdirSync(path.join(webDir, 'assets'));
      writeFileSync(path.join(webDir, 'assets', 'index-1.css'), 'body{color:red}/*</style><script>x</script>*/');
      const html =
        '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" href="/assets/missing.css"></head>';
      expect(linkedStylesheets(html, webDir)).toEqual([
        {
          tag: '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
          href: '/assets/index-1.css',
          css: 'body{color:red}/*<\\/style><script>x</script>*/',
        },
      ]);
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
