// Catalog images and their resized copies, served from the file storage: the local folder, or with TEST_STORAGE=s3 a
// bucket on a local s3rver.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, buildTestApp, multipart, png, readStored, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('serves catalog images as WebP at fixed widths, and removes the copies with the image', async () => {
  const form = multipart({ paymentName: 'KBZPay', phone: '09123456789' }, { file_Logo: { data: await png(1000, 500) } });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ConfigSetting',
    headers: { ...form.headers, ...t.auth },
    payload: form.payload,
  });
  const { id, logo } = body<{ id: string; logo: string }>(created).payLoad;
  const name = path.basename(logo);

  const res = await t.app.inject({ method: 'GET', url: `/img/320/${name}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toContain('immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
  // 720: the home banner on a common phone (388 CSS px at 1.75 device pixels), between 640 and 960.
  const phone = await sharp((await t.app.inject({ method: 'GET', url: `/img/720/${name}` })).rawPayload).metadata();
  expect([phone.format, phone.width, phone.height]).toEqual(['webp', 720, 360]);
  // Never enlarged past the original.
  expect((await sharp((await t.app.inject({ method: 'GET', url: `/img/1280/${name}` })).rawPayload).metadata()).width).toBe(1000);

  expect((await t.app.inject({ method: 'GET', url: `/img/333/${name}` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/img/320/..%2F..%2Fjwt-secret` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/img/320/00000000-0000-4000-8000-000000000000.png` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/uploads/.variants/${name}/320.webp` })).statusCode).not.toBe(200);

  const variants = path.join(t.app.ctx.media.variants.root, name);
  expect(existsSync(variants)).toBe(true);
  await t.app.inject({ method: 'DELETE', url: `/api/v1/ConfigSetting/${id}`, headers: t.auth });
  expect(existsSync(variants)).toBe(false);
});

it('serves a catalog image as stored, cached for a year, and 404 for a name it never stored', async () => {
  const data = await png(40, 40, '#00aa55');
  const form = multipart({ paymentName: 'WavePay', phone: '09123456780' }, { file_Logo: { data } });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ConfigSetting',
    headers: { ...form.headers, ...t.auth },
    payload: form.payload,
  });
  const logo = body<{ logo: string }>(created).payLoad.logo;
  const name = path.basename(logo);

  const res = await t.app.inject({ method: 'GET', url: logo });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.equals(await readStored(t, 'public', name))).toBe(true);
  const again = await t.app.inject({ method: 'GET', url: logo, headers: { 'if-none-match': res.headers.etag as string } });
  expect(again.statusCode).toBe(304);
  const head = await t.app.inject({ method: 'HEAD', url: logo });
  expect(head.statusCode).toBe(200);

  for (const url of [
    '/uploads/00000000-0000-4000-8000-000000000000.png',
    '/uploads/..%2Fjwt-secret',
    '/uploads/.variants',
    `/uploads/${name}.tmp`,
  ]) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  }
});
