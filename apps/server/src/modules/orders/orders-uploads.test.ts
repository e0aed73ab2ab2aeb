// Upload attacks against the public order form: each is refused with a clear message and leaves no row and no file.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderCreated } from '../../events/order-events.ts';
import { MAX_IMAGE_PIXELS } from '../../storage/images.ts';
import { body, buildTestApp, png, storedFiles, type FilePart, type TestApp } from '../../../test/helpers.ts';
import { countRows, createCatalog, hugePng, orderFields, placeOrder } from './orders.fixtures.ts';

const UPLOAD_MAX_BYTES = 200_000;

let t: TestApp;
let packageId: string;
const events: OrderCreated[] = [];

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
  packageId = (await createCatalog(t)).packageId;
  t.app.ctx.events.onOrderCreated((e) => events.push(e));
});
afterAll(() => t.close());

const privateDir = () => path.join(t.dataDir, 'private', 'screenshots');

async function attack(
  files: Record<string, FilePart | FilePart[]>,
  status: number,
  message: string,
  field: string | null = 'file_ScreenShot',
) {
  const before = await countRows(t);
  const eventsBefore = events.length;
  const res = await placeOrder(t, orderFields(packageId), files);
  expect(res.statusCode, res.body).toBe(status);
  const b = body(res);
  expect(b.statusCode).toBe(status);
  expect(b.message).toBe(message);
  if (field) expect(b.errors?.[field]).toEqual([message]);
  expect(await countRows(t)).toEqual(before);
  expect(events.length).toBe(eventsBefore);
  // Nor a temporary or stray file anywhere in the data folder.
  expect(readdirSync(privateDir()).filter((f) => !f.match(/^[a-f0-9-]{36}\.(png|jpg|webp|gif)$/))).toEqual([]);
}

/** A PNG of random noise: it barely compresses, so its size is about width × height × 3 bytes. */
function noisePng(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

describe('upload attacks on POST /api/v1/Order', () => {
  it('refuses text renamed .png', async () => {
    await attack(
      {
        file_ScreenShot: {
          data: Buffer.from('hello, this is plain text and not an image\n'.repeat(20)),
          filename: 'receipt.png',
          contentType: 'image/png',
        },
      },
      400,
      textOf(MSG.imageInvalid),
    );
  });

  it('refuses an SVG carrying a script, whatever its name and type', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    await attack({ file_ScreenShot: { data: svg, filename: 'pay.svg', contentType: 'image/svg+xml' } }, 400, textOf(MSG.imageInvalid));
    await attack({ file_ScreenShot: { data: svg, filename: 'pay.png', contentType: 'image/png' } }, 400, textOf(MSG.imageInvalid));
  });

  it('refuses an image far above the pixel cap', async () => {
    const bomb = hugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(meta.width! * meta.height!).toBeGreaterThan(MAX_IMAGE_PIXELS * 5);
    await attack({ file_ScreenShot: { data: bomb, filename: 'bomb.png' } }, 400, textOf(MSG.imageTooManyPixels));
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413', async () => {
    const big = await noisePng(300, 300);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    await attack({ file_ScreenShot: { data: big, filename: 'big.png' } }, 413, textOf(MSG.imageTooLarge), null);
  });

  it('accepts a truncated image whose header is sound: decoding happens in the screenshot check, off the request path', async () => {
    // The check then ends as "could not be checked" (modules/verification/verification.test.ts).
    const fullPng = await noisePng(120, 120);
    const res = await placeOrder(t, orderFields(packageId), {
      file_ScreenShot: { data: fullPng.subarray(0, Math.floor(fullPng.length / 2)), filename: 'cut.png' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<OrderDto>(res).payLoad.verdict).toBe('pending');
  });

  it('refuses two files in file_ScreenShot, and files under other names', async () => {
    const a = await png();
    await attack({ file_ScreenShot: [{ data: a }, { data: a }] }, 400, 'Only one file is allowed in this field.');
    await attack({ file_ScreenShot: { data: a }, file_Logo: { data: a } }, 400, 'Unexpected file field file_Logo.', 'file_Logo');
  });

  it('ignores a path in the filename: refused when not an image, stored under a generated name when it is', async () => {
    await attack(
      { file_ScreenShot: { data: Buffer.from('root:x:0:0:root:/root:/bin/bash\n'), filename: '../../etc/passwd.png' } },
      400,
      textOf(MSG.imageInvalid),
    );

    const before = storedFiles(t.dataDir);
    const res = await placeOrder(t, orderFields(packageId), { file_ScreenShot: { data: await png(), filename: '../../etc/passwd.png' } });
    expect(res.statusCode).toBe(201);
    const added = storedFiles(t.dataDir).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(path.dirname(added[0]!)).toBe(privateDir());
    expect(path.basename(added[0]!)).toMatch(/^[a-f0-9-]{36}\.png$/);
    for (const escaped of [
      path.join(privateDir(), '../../etc/passwd.png'),
      path.join(t.dataDir, 'etc', 'passwd.png'),
      path.join(t.dataDir, '..', 'etc', 'passwd.png'),
    ]) {
      expect(existsSync(escaped)).toBe(false);
    }
    const order = body<OrderDto>(res).payLoad;
    expect(order.screenShot).not.toContain('passwd');
  });

  it('serves the signed screenshot to a page on another origin; an unsigned or altered link is still refused', async () => {
    const res = await placeOrder(t, orderFields(packageId));
    const order = body<OrderDto>(res).payLoad;
    const url = new URL(order.screenShot!, 'http://shop.local');
    const shot = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { origin: 'https://dashboard.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search.replace(/sig=[^&]*/, 'sig=forged') })).statusCode).toBe(403);
  });
});
