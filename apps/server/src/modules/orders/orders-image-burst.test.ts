// Found by hostile testing: animated GIFs stalled everyone's order placement (each frame re-encoded, all at once), and a
// 60-frame 1000×1000 GIF passed the 40 MP limit because frames were not counted.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { addPaymentAccount, body, buildTestApp, multipart, png, type TestApp } from '../../../test/helpers.ts';
import { noisyAnimatedGif, sparseAnimatedGif } from '../../storage/gif.fixtures.ts';
import { createCatalog, orderFields } from './orders.fixtures.ts';

let t: TestApp;
let packageId: string;
beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '1000' });
  await addPaymentAccount(t);
  ({ packageId } = await createCatalog(t));
});
afterAll(() => t.close());

const place = (file: Buffer, ip: string, contentType = 'image/png') => {
  const form = multipart(orderFields(packageId), { file_ScreenShot: { data: file, contentType } });
  return t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload, remoteAddress: ip });
};

it('refuses a GIF whose frames together exceed the pixel limit, from its header, on every image field', async () => {
  const bomb = sparseAnimatedGif(1000, 1000, 60); // 60 MP in 1.4 KB
  const order = await place(bomb, '10.9.0.1', 'image/gif');
  expect(order.statusCode).toBe(400);
  expect(body(order).errors).toEqual({ file_ScreenShot: [textOf(MSG.imageTooManyPixels)] });
  const logo = multipart(
    { title: 'Bomb', orderIndex: '1', serverType: 'NONE' },
    { file_Logo: { data: bomb, contentType: 'image/gif' }, file_GameProfileImage: { data: await png() } },
  );
  const game = await t.app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...logo.headers, ...t.auth }, payload: logo.payload });
  expect(game.statusCode).toBe(400);
  expect(body(game).errors?.file_Logo).toEqual([textOf(MSG.imageTooManyPixels)]);
  // 30 frames of the same screen (30 MP) is within the limit.
  expect((await place(sparseAnimatedGif(1000, 1000, 30), '10.9.0.1', 'image/gif')).statusCode).toBe(201);
});

it('keeps one frame of an animated screenshot, stored as PNG once its check re-encoded it', async () => {
  // Re-encoding runs after the answer, as the first step of the screenshot check (modules/verification), which the
  // shared test app keeps paused: this one works its checks.
  const own = await buildTestApp({}, { build: { verification: { pollMs: 100 } } });
  await addPaymentAccount(own);
  try {
    const { packageId: ownPackage } = await createCatalog(own);
    const form = multipart(orderFields(ownPackage), { file_ScreenShot: { data: await noisyAnimatedGif(64, 5), contentType: 'image/gif' } });
    const res = await own.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const dir = path.join(own.dataDir, 'private', 'screenshots');
    for (const end = Date.now() + 80_000; ;) {
      const files = readdirSync(dir).filter((f) => f.endsWith('.png'));
      const meta = await Promise.all(
        files.map((f) =>
          sharp(path.join(dir, f))
            .metadata()
            .catch(() => undefined),
        ),
      );
      if (meta.some((m) => m?.width === 64 && m.height === 64 && (m.pages ?? 1) === 1)) break;
      if (Date.now() > end) throw new Error(`the screenshot was not re-encoded to one PNG frame: ${readdirSync(dir).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await own.close();
  }
}, 90_000);

it('keeps another buyer’s order fast while one address sends a burst of animated GIFs', async () => {
  const screenshot = await png(400, 800);
  const gif = await noisyAnimatedGif(120, 39);
  const started = performance.now();
  expect((await place(screenshot, '10.9.1.1')).statusCode).toBe(201);
  const alone = performance.now() - started;
  // What one full re-encode of the burst's GIF costs on this machine at this moment (the work the victim used to wait
  // for 16 times over, on the request path).
  const reencodeStarted = performance.now();
  await sharp(gif, { pages: -1 }).webp().toBuffer();
  const reencodeMs = performance.now() - reencodeStarted;

  const burstStarted = performance.now();
  const burst = Array.from({ length: 16 }, () =>
    place(gif, '10.9.2.2', 'image/gif').then((r) => ({ status: r.statusCode, ms: performance.now() - burstStarted })),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  const during = performance.now();
  const victim = await place(screenshot, '10.9.1.1');
  const victimMs = performance.now() - during;
  const answers = await Promise.all(burst);
  const statuses = answers.map((a) => a.status);
  const burstMs = Math.max(...answers.filter((a) => a.status === 201).map((a) => a.ms));

  expect(victim.statusCode).toBe(201);
  // Before the fix the victim waited for 16 full re-encodes (seconds); now no re-encode runs on the request path, and
  // it waits only for its share of the event loop while the burst's 13 MB of uploads are parsed, which ends with the
  // burst's own answers (about 0.45 s on an idle machine). Both bounds are timed in the same moments as the victim, so
  // a loaded machine slows them alike: half of those 16 re-encodes, or most of the burst.
  expect(
    victimMs,
    `alone ${alone.toFixed(0)} ms, during burst ${victimMs.toFixed(0)} ms, burst ${burstMs.toFixed(0)} ms, one re-encode ${reencodeMs.toFixed(0)} ms`,
  ).toBeLessThan(Math.max(800, alone * 6, burstMs * 0.6, 8 * reencodeMs));
  // The burst itself is served (or told to retry with 503 once its own queue is full), never failed.
  expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
  expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(8);
});

it('keeps catalog animations, re-encoded as animated WebP', async () => {
  const logo = multipart(
    { title: 'Animated', orderIndex: '2', serverType: 'NONE' },
    {
      file_Logo: { data: await noisyAnimatedGif(48, 4), contentType: 'image/gif' },
      file_GameProfileImage: { data: await png() },
    },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...logo.headers, ...t.auth }, payload: logo.payload });
  expect(res.statusCode, res.body).toBe(201);
  const name = (body<{ logo: string }>(res).payLoad.logo ?? '').split('/').pop()!;
  expect(name).toMatch(/\.webp$/);
  const meta = await sharp(path.join(t.dataDir, 'uploads', name), { animated: true }).metadata();
  expect(meta.pages).toBe(4);
  expect(meta.pageHeight).toBe(48);
});
