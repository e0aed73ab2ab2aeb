// The JavaScript header reader must agree with sharp (libvips) on every kind of image we accept, since it alone now
// decides the pixel budget when an order is placed; and it must refuse, not throw, on anything cut short.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { noisyAnimatedGif, sparseAnimatedGif } from './gif.fixtures.ts';
import { readImageSize, type ImageFormat } from './image-header.ts';

const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } });

/** What sharp says: the same fields inspectImage used to take from it. */
async function sharpSize(data: Buffer) {
  const meta = await sharp(data, { animated: true, limitInputPixels: false }).metadata();
  return { width: meta.width, frameHeight: meta.pageHeight ?? meta.height, frames: Math.max(1, meta.pages ?? 1) };
}

async function animatedWebp(width: number, height: number, frames: number) {
  const raw = Buffer.alloc(width * height * frames * 3, 0).map((_, i) => (i * 7919) % 251);
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .webp({ quality: 50 })
    .toBuffer();
}

const cases: Array<[string, ImageFormat, () => Promise<Buffer>]> = [
  ['PNG', 'png', () => noise(321, 123).png().toBuffer()],
  ['PNG 1×1 with alpha', 'png', () => noise(1, 1, 4).png().toBuffer()],
  ['baseline JPEG', 'jpg', () => noise(720, 1280).jpeg().toBuffer()],
  [
    'progressive JPEG with EXIF orientation',
    'jpg',
    () => noise(333, 77).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer(),
  ],
  ['JPEG with an ICC profile and comments', 'jpg', () => noise(64, 4000).withIccProfile('srgb').jpeg({ mozjpeg: true }).toBuffer()],
  ['lossy WebP', 'webp', () => noise(999, 17).webp().toBuffer()],
  ['lossless WebP', 'webp', () => noise(16383, 2).webp({ lossless: true }).toBuffer()],
  ['WebP with alpha (extended header)', 'webp', () => noise(40, 30, 4).webp().toBuffer()],
  ['animated WebP', 'webp', () => animatedWebp(48, 32, 5)],
  ['GIF', 'gif', () => noise(31, 45).gif().toBuffer()],
  ['animated GIF', 'gif', () => noisyAnimatedGif(40, 7)],
  ['sparse animated GIF, huge logical screen', 'gif', async () => sparseAnimatedGif(1000, 1000, 60)],
];

describe('readImageSize', () => {
  for (const [name, format, make] of cases) {
    it(`agrees with sharp on a ${name}, and refuses it cut inside its header`, async () => {
      const data = await make();
      expect(readImageSize(format, data)).toEqual(await sharpSize(data));
      // Cut before the size is known (no format gives it in under 24 bytes): refused, never a throw or a guess.
      for (const cut of [0, 5, 11, 20, 23]) expect(readImageSize(format, data.subarray(0, cut))).toBeNull();
    });
  }

  it('refuses bytes of another format and garbage', async () => {
    const png = await noise(10, 10).png().toBuffer();
    expect(readImageSize('jpg', png)).toBeNull();
    expect(readImageSize('gif', png)).toBeNull();
    expect(readImageSize('webp', png)).toBeNull();
    expect(readImageSize('png', Buffer.from('hello, this is plain text and not an image'))).toBeNull();
    // A JPEG whose scan starts before any frame header.
    expect(readImageSize('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00]))).toBeNull();
  });
});
