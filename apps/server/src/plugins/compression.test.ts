// Compressed delivery: prebuilt .br/.gz assets chosen by Accept-Encoding with Vary and immutable caching, the public
// catalog's cached JSON compressed once and reused, other text answers (HTML, admin JSON) compressed per request,
// small answers and clients without br/gzip left alone. Runs against a small web build fixture.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPaymentAccount, buildTestApp, multipart, png, jpeg, type TestApp } from '../../test/helpers.ts';
import { pickEncoding } from './compression.ts';

const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const INDEX_HTML = `<!doctype html><html lang="my"><head><title>Fixture Shop</title><!--app-head--></head>
<body><div id="root"></div><!--app-data--></body></html>`;

let t: TestApp;

function decoded(res: LightMyRequestResponse): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
}

let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-compress-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), BIG_JS);
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js.gz'), gzipSync(BIG_JS));
  t = await buildTestApp({}, { build: { webDir } });
  await addPaymentAccount(t);
  // Enough games that the list and the home page are well above the 1 KB threshold.
  for (let i = 1; i <= 6; i++) {
    const form = multipart(
      {
        title: `Game ${i} with a longer title`,
        description: 'A description that takes some room. '.repeat(4),
        orderIndex: String(i),
        serverType: 'NONE',
        isDisable: 'False',
        logo: '',
        bannerImage: '',
      },
      { file_Logo: { data: await png() }, file_GameProfileImage: { data: await jpeg() }, file_BannerImage: { data: await png(120, 40) } },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...form.headers, ...t.auth }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
  }
});

afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('built assets', () => {
  it('sends the prebuilt brotli file to a browser, with Vary and immutable caching', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(BIG_JS.length / 3);
    expect(decoded(res)).toBe(BIG_JS);
  });

  it('sends gzip to a client that only takes gzip, and the file itself to one that takes neither', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(BIG_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);
  });
});

describe('API answers and pages', () => {
  it('compresses the cached public game list once and sends the same bytes every time', async () => {
    const url = '/api/v1/Game?currentPage=1&pageSize=12';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    const second = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['vary']).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(decoded(first)).toBe(plain.body);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Security headers are still there on compressed answers.
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain.body);
  });

  it('answers a phone that already holds the cached catalog with a 304, and sends the new text once it changed', async () => {
    const url = '/api/v1/Game?currentPage=1&pageSize=12';
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    // Another representation of the same text (gzip) is the same resource: still not modified.
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${etag}` } });
    expect(gz.statusCode).toBe(304);
    const list = JSON.parse(decoded(first)) as { payLoad: { items: Array<{ id: string; title: string }> } };
    const game = list.payLoad.items[0]!;
    const form = multipart(
      { title: `${game.title} (new)`, description: 'Changed.', orderIndex: '1', serverType: 'NONE', isDisable: 'False' },
      {},
    );
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/game/${game.id}`,
      headers: { ...form.headers, ...t.auth },
      payload: form.payload,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(after.body).toContain(`${game.title} (new)`);
    // Signed-in staff get their own list, never a shared validator.
    const admin = await t.app.inject({ method: 'GET', url, headers: { ...t.auth, 'if-none-match': after.headers['etag'] as string } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['etag']).toBeUndefined();
  });

  it('compresses the server-rendered home page and admin JSON per request', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toMatch(/accept-encoding/i);
    expect(decoded(page)).toContain('id="app-data"');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Game?currentPage=1&pageSize=12',
      headers: { ...t.auth, 'accept-encoding': 'gzip' },
    });
    expect(admin.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(admin)).payLoad.items).toHaveLength(6);
  });

  it('leaves answers under 1 KB alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('does not decompress request bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-encoding': 'identity' },
      payload: gzipSync(JSON.stringify({ email: 'admin@test.local', password: 'correct-horse-battery' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
