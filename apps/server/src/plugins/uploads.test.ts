import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, buildTestApp, multipart, png, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('serves catalog images as WebP at fixed widths, and removes the copies with the image', async () => {
  const form = multipart({ paymentName: 'KBZPay', phone: '09123456789' }, { file_Logo: { data: await png(1000, 500) } });
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/ConfigSetting', headers: { ...form.headers, ...t.auth }, payload: form.payload });
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

  const variants = path.join(t.dataDir, 'uploads', '.variants', name);
  expect(existsSync(variants)).toBe(true);
  await t.app.inject({ method: 'DELETE', url: `/api/v1/ConfigSetting/${id}`, headers: t.auth });
  expect(existsSync(variants)).toBe(false);
});
