// Hostile screenshots placed through the real order endpoint (a listening server, fetch): each is either refused at
// placement with a 400 naming the screenshot field, in Burmese and English, or accepted and checked to an end (done,
// or failed: "could not be checked") within bounds, while the server keeps answering and no error reaches the
// process. Among them the two that used to kill or stall the server: a 133-byte 2-colour PNG of 40 × 3000 px whose
// OCR threw out of tesseract.js's worker, and a 600 × 31,275 px text image that held the only check worker for
// minutes. Then a check that overruns its CPU time, and one that overruns its memory: the process doing it is
// killed, the attempt fails, the check ends failed, and the next check gets a new process. Real OCR, real processes.
// On the server-postgres project with TEST_REDIS_URL set, jobs go through BullMQ on Redis.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderVerification } from '@topup/contract/verification';
import { buildTestApp, DIALECT, multipart, type TestApp } from '../../../test/helpers.ts';
import { sparseAnimatedGif } from '../../storage/gif.fixtures.ts';
import { createCatalog, hugePng, orderFields } from '../orders/orders.fixtures.ts';

const useRedis = DIALECT === 'postgres' && !!process.env.TEST_REDIS_URL;
const redisEnv: Record<string, string> = useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {};
const FIELD = 'file_ScreenShot';

const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);

/** Black text lines on white, `width` × `height`, drawn as one tile repeated down the page. */
async function textImage(width: number, height: number, options: { palette?: boolean; bits16?: boolean } = {}) {
  const lines = Array.from(
    { length: 8 },
    (_, i) =>
      `<text x="12" y="${28 + i * 30}" font-size="22" font-family="DejaVu Sans, sans-serif">Transfer ${i} 12,500 Ks 0100398402112345</text>`,
  );
  const tile = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="250"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`,
    ),
  )
    .png()
    .toBuffer();
  const page = sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite([
    { input: tile, tile: true, top: 0, left: 0 },
  ]);
  if (options.bits16)
    return sharp(await page.png().toBuffer())
      .toColourspace('rgb16')
      .png()
      .toBuffer();
  return page.png(options.palette ? { palette: true, colours: 2 } : {}).toBuffer();
}

type Hostile = { name: string; make(): Promise<Buffer>; type?: string; expect: 'refused' | 'checked' };

const CORPUS: Hostile[] = [
  {
    name: '2-colour palette PNG, 40 × 3000 (133 bytes; its OCR killed the server)',
    make: () =>
      sharp({ create: { width: 40, height: 3000, channels: 3, background: '#fff' } })
        .png({ palette: true, colours: 2 })
        .toBuffer(),
    expect: 'refused',
  },
  {
    name: 'text image 600 × 31,275 (held the check worker for minutes)',
    make: () => textImage(600, 31_275, { palette: true }),
    expect: 'refused',
  },
  { name: 'wide PNG 20,000 × 100', make: async () => hugePng(20_000, 100), expect: 'refused' },
  { name: 'tall 1-bit PNG 100 × 8000', make: async () => hugePng(100, 8000), expect: 'refused' },
  { name: 'GIF 30 × 3000 with two frames', make: async () => sparseAnimatedGif(30, 3000, 2), type: 'image/gif', expect: 'refused' },
  { name: 'PNG cut inside its header', make: async () => (await textImage(400, 800)).subarray(0, 20), expect: 'refused' },
  { name: '2-colour palette PNG of text, 400 × 800', make: () => textImage(400, 800, { palette: true }), expect: 'checked' },
  { name: '16-bit PNG of text, 400 × 800', make: () => textImage(400, 800, { bits16: true }), expect: 'checked' },
  { name: 'text image at the longest shape allowed, 300 × 1800', make: () => textImage(300, 1800), expect: 'checked' },
  { name: 'GIF of 20,000 frames, 20 × 30', make: async () => sparseAnimatedGif(20, 30, 20_000), type: 'image/gif', expect: 'checked' },
  {
    name: 'PNG cut in half',
    make: async () => {
      const full = await sharp({
        create: { width: 300, height: 500, channels: 3, background: '#fff', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
      })
        .png()
        .toBuffer();
      return full.subarray(0, Math.floor(full.length / 2));
    },
    expect: 'checked',
  },
  {
    name: 'JPEG cut in half',
    make: async () => {
      const full = await sharp({
        create: { width: 400, height: 800, channels: 3, background: '#fff', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
      })
        .jpeg()
        .toBuffer();
      return full.subarray(0, Math.floor(full.length / 2));
    },
    type: 'image/jpeg',
    expect: 'checked',
  },
  {
    name: '1 × 1 PNG',
    make: () =>
      sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    expect: 'checked',
  },
];

let t: TestApp;
let base: string;
let packageId: string;

beforeAll(async () => {
  t = await buildTestApp(redisEnv, {
    build: { verification: { queuePrefix: `test-${randomUUID()}`, settings: { retryBaseMs: 100, maxAttempts: 2 }, pollMs: 100 } },
  });
  packageId = (await createCatalog(t, {}, { price: 12500 })).packageId;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

async function place(app: { base: string }, image: Buffer, type = 'image/png', language = 'en') {
  const form = multipart(orderFields(packageId, { transactionNumber: String(100000 + Math.floor(Math.random() * 899999)) }), {
    [FIELD]: { data: image, filename: 'pay.png', contentType: type },
  });
  const res = await fetch(`${app.base}/api/v1/Order`, {
    method: 'POST',
    headers: { ...form.headers, 'accept-language': language },
    body: new Uint8Array(form.payload),
  });
  return {
    status: res.status,
    body: (await res.json()) as { payLoad: { id: string }; errors?: Record<string, string[]>; errorCodes?: Record<string, string[]> },
  };
}

async function checkOf(app: TestApp, orderId: string): Promise<OrderVerification> {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}/verification`, headers: app.auth });
  return res.json().payLoad as OrderVerification;
}

/** Waits for the check to end, asking the listening server for its health all along. */
async function ended(app: TestApp, serving: string, orderId: string, timeoutMs = 60_000): Promise<OrderVerification> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const health = await fetch(`${serving}/health/live`);
    expect(health.status).toBe(200);
    const v = await checkOf(app, orderId);
    if (v.state !== 'queued') return v;
    if (Date.now() > end) throw new Error(`check of ${orderId} never ended: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('hostile screenshots', () => {
  for (const hostile of CORPUS) {
    it(`${hostile.name}: ${hostile.expect}`, async () => {
      const image = await hostile.make();
      if (hostile.expect === 'refused') {
        const en = await place({ base }, image, hostile.type, 'en');
        expect(en.status, JSON.stringify(en.body)).toBe(400);
        expect(Object.keys(en.body.errors ?? {})).toEqual([FIELD]);
        const mm = await place({ base }, image, hostile.type, 'mm');
        expect(mm.status).toBe(400);
        expect(Object.keys(mm.body.errors ?? {})).toEqual([FIELD]);
        // Each in its language: English words, Burmese script.
        expect(en.body.errors![FIELD]![0]).toMatch(/^[\x20-\x7e]+$/);
        expect(mm.body.errors![FIELD]![0]).toMatch(/[\u1000-\u109f]/);
        expect(mm.body.errorCodes).toEqual(en.body.errorCodes);
        return;
      }
      const placed = await place({ base }, image, hostile.type);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const v = await ended(t, base, placed.body.payLoad.id);
      expect(['done', 'failed']).toContain(v.state);
      expect(v.verdict).not.toBe('pending');
      expect(v.attempts).toBeLessThanOrEqual(2);
      expect(uncaught).toEqual([]);
    }, 90_000);
  }

  it('names the too-long shape in both languages', async () => {
    const image = await sharp({ create: { width: 40, height: 3000, channels: 3, background: '#fff' } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    const en = await place({ base }, image, 'image/png', 'en');
    expect(en.body.errorCodes).toEqual({ [FIELD]: ['screenshotShape'] });
    expect(en.body.errors![FIELD]![0]).toMatch(/too long or too narrow/);
  });

  it('ran every check in processes of its own, never more than the workers allowed', () => {
    const stats = t.app.ctx.verification.sandbox.stats();
    expect(stats.processes).toBeLessThanOrEqual(t.config.checkWorkers);
    expect(stats.pids).not.toContain(process.pid);
    expect(uncaught).toEqual([]);
  });
});

describe('a check that overruns its limits', () => {
  for (const [limit, limits, error] of [
    ['CPU time', { cpuMs: 300 }, /CPU/],
    ['memory', { memoryMb: 160 }, /memory/],
  ] as const) {
    it(`over its ${limit}: the process is killed, the check fails after its attempts, the next check gets a new process`, async () => {
      const own = await buildTestApp(redisEnv, {
        build: {
          verification: { queuePrefix: `test-${randomUUID()}`, settings: { retryBaseMs: 100, maxAttempts: 2 }, pollMs: 100, limits },
        },
      });
      try {
        const { packageId: pkg } = await createCatalog(own, {}, { price: 12500 });
        const serving = await own.app.listen({ port: 0, host: '127.0.0.1' });
        const image = await textImage(900, 1800);
        const orders: string[] = [];
        for (let i = 0; i < 2; i++) {
          const form = multipart(orderFields(pkg, { transactionNumber: `77777${i}` }), { [FIELD]: { data: image } });
          const res = await fetch(`${serving}/api/v1/Order`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload) });
          expect(res.status).toBe(201);
          orders.push(((await res.json()) as { payLoad: { id: string } }).payLoad.id);
        }
        for (const id of orders) {
          const v = await ended(own, serving, id);
          expect(v.state).toBe('failed');
          expect(v.verdict).toBe('failed');
          expect(v.attempts).toBe(2);
          expect(v.error).toMatch(error);
        }
        // Every attempt of both checks was killed: four processes, none left running the work.
        expect(own.app.ctx.verification.sandbox.stats().killed).toBeGreaterThanOrEqual(4);
        expect(uncaught).toEqual([]);
      } finally {
        await own.close();
      }
    }, 120_000);
  }
});
