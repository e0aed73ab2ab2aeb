// A payment screenshot is stored and shown without its metadata from the moment its order is placed: a JPEG with GPS
// EXIF, a PNG with text and EXIF chunks and a WebP with EXIF go through the real order endpoint, and neither the
// stored file nor the bytes staff load through the signed URL carry any of it (docs/decisions/0075). A file stored with
// its metadata anyway (before this rule, or put back by a restore) is cleaned again on its way out.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { OrderDto } from '@topup/contract/orders';
import { body, buildTestApp, readStored, type TestApp } from '../../../test/helpers.ts';
import { withPngChunk } from '../../storage/metadata.fixtures.ts';
import { countRows, createCatalog, orderFields, placeOrder } from './orders.fixtures.ts';

let t: TestApp;
let packageId: string;
beforeAll(async () => {
  t = await buildTestApp();
  packageId = (await createCatalog(t)).packageId;
});
afterAll(() => t.close());

const GPS = {
  IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '16/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '96/1 9/1 0/1' },
};
const receipt = () => sharp({ create: { width: 60, height: 120, channels: 3, background: '#f4f4f4' } });

async function uploads(): Promise<Array<{ label: string; data: Buffer; filename: string; contentType: string }>> {
  const jpg = await receipt().withExif(GPS).jpeg().toBuffer();
  const pngWithExif = await receipt().withExif(GPS).png().toBuffer();
  const png = withPngChunk(pngWithExif, 'tEXt', Buffer.from('Comment\0taken at Secret Place'));
  const webp = await receipt().withExif(GPS).webp().toBuffer();
  return [
    { label: 'JPEG with GPS EXIF', data: jpg, filename: 'pay.jpg', contentType: 'image/jpeg' },
    { label: 'PNG with eXIf and tEXt', data: png, filename: 'pay.png', contentType: 'image/png' },
    { label: 'WebP with EXIF', data: webp, filename: 'pay.webp', contentType: 'image/webp' },
  ];
}

function expectNoMetadata(bytes: Buffer, label: string) {
  for (const secret of ['GPS', 'PhoneMaker', 'Secret Model', 'Secret Place', 'Exif'])
    expect(bytes.includes(secret), `${label}: ${secret}`).toBe(false);
}

describe('screenshots are stored without metadata at placement', () => {
  it('stores and serves a JPEG, PNG and WebP without their EXIF, GPS or text, before any check has run', async () => {
    for (const upload of await uploads()) {
      expect((await sharp(upload.data).metadata()).exif, upload.label).toBeDefined();
      const res = await placeOrder(t, orderFields(packageId), { file_ScreenShot: upload });
      expect(res.statusCode, res.body).toBe(201);
      const order = body<OrderDto>(res).payLoad;
      expect(order.verdict).toBe('pending'); // checks are paused here: this is the file as placement stored it
      const url = order.screenShot!;
      const name = path.basename(url.split('?')[0]!);

      const stored = await readStored(t, 'private', name);
      expectNoMetadata(stored, upload.label);
      const meta = await sharp(stored).metadata();
      expect(meta.exif, upload.label).toBeUndefined();
      expect(meta.comments ?? [], upload.label).toEqual([]);
      expect([meta.width, meta.height], upload.label).toEqual([60, 120]);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, upload.label).toBe(200);
      expect(served.rawPayload.equals(stored), upload.label).toBe(true);
      expectNoMetadata(served.rawPayload, upload.label);
    }
  });

  it('refuses a screenshot it cannot walk to the end, naming the field, and stores nothing', async () => {
    const jpg = await receipt().jpeg().toBuffer();
    // A comment segment whose length (0) is impossible, after the frame header the size check reads.
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const broken = Buffer.concat([jpg.subarray(0, sos), Buffer.from([0xff, 0xfe, 0x00, 0x00]), jpg.subarray(sos)]);
    const before = await countRows(t);
    const res = await placeOrder(t, orderFields(packageId), {
      file_ScreenShot: { data: broken, filename: 'pay.jpg', contentType: 'image/jpeg' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).errors?.file_ScreenShot).toEqual([textOf(MSG.imageInvalid)]);
    expect(await countRows(t)).toEqual(before);
  });

  it('serves a screenshot stored with its metadata (an older file, or one a restore put back) without it', async () => {
    for (const upload of await uploads()) {
      const ext = path.extname(upload.filename).slice(1);
      const name = await t.app.ctx.media.storage.save('private', upload.data, ext);
      const served = await t.app.inject({ method: 'GET', url: t.app.ctx.media.screenshotUrl(name)! });
      expect(served.statusCode, upload.label).toBe(200);
      expectNoMetadata(served.rawPayload, upload.label);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.exif, meta.width, meta.height], upload.label).toEqual([undefined, 60, 120]);
      await t.app.ctx.media.storage.remove('private', name);
    }
  });

  it('does not serve a stored screenshot that cannot be cleaned', async () => {
    const jpg = await receipt().withExif(GPS).jpeg().toBuffer();
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const broken = Buffer.concat([jpg.subarray(0, sos), Buffer.from([0xff, 0xfe, 0x00, 0x00]), jpg.subarray(sos)]);
    const name = await t.app.ctx.media.storage.save('private', broken, 'jpg');
    const served = await t.app.inject({ method: 'GET', url: t.app.ctx.media.screenshotUrl(name)! });
    expect(served.statusCode).toBe(404);
    expectNoMetadata(served.rawPayload, 'refused');
    await t.app.ctx.media.storage.remove('private', name);
  });
});
