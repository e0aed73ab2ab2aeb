// Animated GIFs for the upload tests: a cheap huge-in-header one built by hand, and a small noisy one that is
// expensive to re-encode frame by frame.
import sharp from 'sharp';

/**
 * A GIF whose logical screen is `width`×`height` with `frames` frames of one pixel each: a few hundred bytes
 * that a decoder must nonetheless expand into frames × width × height pixels.
 */
export function sparseAnimatedGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const frame = Buffer.concat([
    Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]), // graphic control: 100 ms delay
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor: 1×1 at 0,0
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW: clear, pixel 0, end
  ]);
  return Buffer.concat([Buffer.from('GIF89a'), screen, palette, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** `frames` frames of `size`×`size` noise: small on disk, seconds of work for a palette encoder. */
export function noisyAnimatedGif(size: number, frames: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * frames * 3);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  return sharp(raw, { raw: { width: size, height: size * frames, channels: 3, pageHeight: size } })
    .gif({ effort: 1 })
    .toBuffer();
}
