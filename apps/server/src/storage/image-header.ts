// The size of a PNG, JPEG, WebP or GIF read from its header in plain JavaScript: width, frame height and frame count,
// without sharp. Placing an order needs only this (the pixel budget), and sharp's header read waits in libuv's thread
// pool behind the screenshot checks' own sharp work; this takes microseconds on the event loop (docs/decisions/0031).
// Every read is bounds-checked; anything malformed or truncated before the size is known gives null (refused). Pixels
// are decoded later, in the check, by sharp with its own pixel limit.

export type ImageFormat = 'png' | 'jpg' | 'webp' | 'gif';
export type ImageSize = { width: number; frameHeight: number; frames: number };

/** Width, frame height and frames of `format` from the bytes' header; null when the header is not sound. */
export function readImageSize(format: ImageFormat, data: Buffer): ImageSize | null {
  try {
    const size = READERS[format](data);
    return size && size.width > 0 && size.frameHeight > 0 && size.frames > 0 ? size : null;
  } catch (err) {
    if (err instanceof RangeError) return null; // read past the end: truncated header
    throw err;
  }
}

const READERS: Record<ImageFormat, (data: Buffer) => ImageSize | null> = { png: pngSize, jpg: jpegSize, webp: webpSize, gif: gifSize };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** IHDR is the first chunk. One frame: the decoder reads an APNG's default image only. */
function pngSize(data: Buffer): ImageSize | null {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), frameHeight: data.readUInt32BE(20), frames: 1 };
}

/** Walks the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(data: Buffer): ImageSize | null {
  if (data.readUInt16BE(0) !== 0xffd8) return null;
  let at = 2;
  for (;;) {
    // Stray bytes before a marker: skipped, as libjpeg does (with a warning).
    while (data[at] !== 0xff) {
      if (at >= data.length) return null;
      at += 1;
    }
    const marker = data.readUInt8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–7. Start of scan before a frame header: not a sound JPEG.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: data.readUInt16BE(at + 7), frameHeight: data.readUInt16BE(at + 5), frames: 1 };
    }
    at += 2 + length;
  }
}

/** RIFF chunks: VP8 (lossy), VP8L (lossless) or VP8X (extended: canvas size, and one ANMF chunk per frame). */
function webpSize(data: Buffer): ImageSize | null {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return null;
  const first = data.toString('latin1', 12, 16);
  if (first === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height (2 bits of scale each).
    if (data.readUIntBE(23, 3) !== 0x9d012a) return null;
    return { width: data.readUInt16LE(26) & 0x3fff, frameHeight: data.readUInt16LE(28) & 0x3fff, frames: 1 };
  }
  if (first === 'VP8L') {
    if (data[20] !== 0x2f) return null;
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, frameHeight: ((bits >>> 14) & 0x3fff) + 1, frames: 1 };
  }
  if (first !== 'VP8X') return null;
  const animated = (data.readUInt8(20) & 0x02) !== 0;
  const size = { width: data.readUIntLE(24, 3) + 1, frameHeight: data.readUIntLE(27, 3) + 1, frames: 1 };
  if (!animated) return size;
  let frames = 0;
  const end = Math.min(data.length, 8 + data.readUInt32LE(4));
  for (let at = 12; at + 8 <= end;) {
    if (data.toString('latin1', at, at + 4) === 'ANMF') frames += 1;
    const length = data.readUInt32LE(at + 4);
    at += 8 + length + (length & 1); // chunks are padded to an even length
  }
  return { ...size, frames: Math.max(1, frames) };
}

/** Logical screen size, and every image descriptor counted by walking the blocks to the trailer (or the end). */
function gifSize(data: Buffer): ImageSize | null {
  const signature = data.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  const width = data.readUInt16LE(6);
  const frameHeight = data.readUInt16LE(8);
  const flags = data.readUInt8(10);
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  let frames = 0;
  // Data sub-blocks: a length byte, that many bytes, until a zero length.
  const skipSubBlocks = () => {
    while (at < data.length && data[at] !== 0) at += 1 + data[at]!;
    at += 1;
  };
  while (at < data.length) {
    const block = data[at];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      at += 2; // introducer, label
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const local = data.readUInt8(at + 9);
      at += 10 + (local & 0x80 ? 3 << ((local & 0x07) + 1) : 0);
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      break; // garbage after the last frame: the decoder stops there too
    }
  }
  return frames > 0 ? { width, frameHeight, frames } : null;
}
