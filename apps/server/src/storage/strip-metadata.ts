// Drops the metadata of a PNG, JPEG, WebP or GIF by walking its blocks in plain JavaScript: no decoding, one pass over
// the bytes (well under a millisecond for a phone screenshot), so a payment screenshot is stored clean the moment its
// order is placed, before the check re-encodes it (docs/decisions/0075).
//
// Kept: what decoding and faithful colours need (image data, tables, palettes, transparency, colour profile and
// gamma, animation control). Dropped: EXIF, XMP, IPTC, comments, text, timestamps, thumbnails, unknown blocks, and
// anything after the end of the image. One exception: an EXIF orientation is kept alone in a minimal EXIF block of
// its own, because without it the picture would turn (the check's re-encode applies it and drops it too).
//
// A file cut short is cleaned as far as it goes: whole blocks are kept or dropped, a kept block that is cut short
// is copied as it is (it is image data), a dropped one is left out. Such a file still fails its check, as before.
// Whatever the damage, the cleaned file decodes whenever the upload did, or the walker answers null and the upload is
// refused (the property in strip-metadata.test.ts).
import { crc32 } from 'node:zlib';
import type { ImageExt } from './images.ts';

/** The bytes without their metadata; null when the container itself is not one this walker understands. */
export function stripMetadata(ext: ImageExt, data: Buffer): Buffer | null {
  try {
    return STRIPPERS[ext](data);
  } catch (err) {
    if (err instanceof RangeError) return null; // a read past the end that a bounds check missed: refuse, never keep
    throw err;
  }
}

const STRIPPERS: Record<ImageExt, (data: Buffer) => Buffer | null> = { jpg: stripJpeg, png: stripPng, webp: stripWebp, gif: stripGif };

// --- EXIF orientation --------------------------------------------------------------------------------------------

const ORIENTATION_TAG = 0x0112;

/** The orientation (2–8) in a TIFF-structured EXIF block, or null when it is absent, upright (1) or unreadable. */
export function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return null; // SHORT, one value
    const value = u16(entry + 8);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** A TIFF-structured EXIF block holding nothing but `orientation` (big-endian, one IFD, one entry). */
export function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // left-justified in the 4-byte value field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** EXIF blocks are TIFF data, in JPEG (and by some WebP writers) behind an `Exif\0\0` header. */
function withoutExifHeader(block: Buffer): Buffer {
  return block.subarray(0, 6).equals(EXIF_HEADER) ? block.subarray(6) : block;
}

// --- JPEG --------------------------------------------------------------------------------------------------------

const SOS = 0xda;
const EOI = 0xd9;

/** Markers decoding needs: frame headers (SOF0–15 but the three below), DHT, DAC, DQT, DRI, SOS, DNL, DHP, EXP. */
function jpegKeeps(marker: number): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return true; // SOFn, DHT (c4), JPG (c8: reserved, libjpeg refuses it anyway), DAC (cc)
  return marker === 0xdb || marker === 0xdd || marker === SOS || marker === 0xdc || marker === 0xde || marker === 0xdf;
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** APP segments kept, rewritten to what they need: JFIF without its thumbnail, ICC profiles, Adobe's colour transform, orientation. */
function jpegAppSegment(marker: number, payload: Buffer): Buffer | null {
  const id = (text: string) => payload.toString('latin1', 0, text.length) === text;
  if (marker === 0xe0 && id('JFIF\0') && payload.length >= 14) {
    // Version, density units and density; the thumbnail (which may show the picture before it was cropped) goes.
    const jfif = Buffer.from(payload.subarray(0, 14));
    jfif[12] = 0;
    jfif[13] = 0;
    return segment(marker, jfif);
  }
  if (marker === 0xe2 && id('ICC_PROFILE\0')) return segment(marker, payload);
  if (marker === 0xee && id('Adobe')) return segment(marker, payload);
  if (marker === 0xe1 && id('Exif\0')) {
    const orientation = payload.length > 6 ? exifOrientation(payload.subarray(6)) : null;
    return orientation ? segment(marker, Buffer.concat([EXIF_HEADER, orientationOnlyExif(orientation)])) : null;
  }
  return null;
}

const EOI_MARKER = Buffer.from([0xff, EOI]);

function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const out: Buffer[] = [data.subarray(0, 2)];
  const walked = walkJpeg(data, out);
  if (walked === null) return null;
  // A file whose end marker is damaged or missing: libjpeg ends the image at the bytes that were left out here (a
  // bogus marker, a segment cut short) and decodes it whole; without them the data would just stop, which it refuses.
  if (!walked.ended) out.push(EOI_MARKER);
  return Buffer.concat(out);
}

/** Copies the segments of `data` to keep into `out`; whether the end marker was reached, or null when it can't be walked. */
function walkJpeg(data: Buffer, out: Buffer[]): { ended: boolean } | null {
  let at = 2;
  while (at < data.length) {
    // Stray bytes between segments are left out (libjpeg skips them too, with a warning).
    if (data[at] !== 0xff) {
      at += 1;
      continue;
    }
    if (at + 1 >= data.length) break;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === EOI) {
      out.push(data.subarray(at, at + 2)); // whatever follows the end of the image is left out
      return { ended: true };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x00) {
      at += 2; // TEM, a restart marker or a stuffed zero out of place: no length, nothing to keep
      continue;
    }
    if (at + 4 > data.length) break;
    const length = data.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2) return null;
    if (end > data.length) {
      // Cut short: a kept segment is copied as far as it goes, a dropped one is left out.
      if (jpegKeeps(marker)) out.push(data.subarray(at));
      break;
    }
    if (jpegKeeps(marker)) {
      out.push(data.subarray(at, end));
    } else if (marker >= 0xe0 && marker <= 0xef) {
      const kept = jpegAppSegment(marker, data.subarray(at + 4, end));
      if (kept) out.push(kept);
    } // COM, JPGn and anything unknown: left out
    at = end;
    if (marker === SOS) {
      // Entropy-coded data up to the next marker: 0xFF is followed by 0x00 (a stuffed byte), a restart marker or fill.
      let scan = at;
      while (scan < data.length) {
        if (data[scan] === 0xff && scan + 1 < data.length) {
          const next = data[scan + 1]!;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        scan += 1;
      }
      out.push(data.subarray(at, scan));
      at = scan;
    }
  }
  return { ended: false };
}

// --- PNG ---------------------------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Chunks decoding and colour need: the critical ones, transparency, colour space (gamma, chromaticities, sRGB, ICC,
 * cICP and HDR levels), significant bits, the physical pixel size, and APNG's frames. Not kept: tEXt, zTXt, iTXt,
 * eXIf, tIME, bKGD, hIST, sPLT, and private chunks (Apple's iDOT among them).
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'cICP',
  'mDCV',
  'cLLI',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function pngChunk(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(payload, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, payload, crc]);
}

function stripPng(data: Buffer): Buffer | null {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const out: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 8 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) {
      if (PNG_KEPT.has(type)) out.push(data.subarray(at));
      break;
    }
    if (PNG_KEPT.has(type)) {
      out.push(data.subarray(at, end));
    } else if (type === 'eXIf') {
      const orientation = exifOrientation(withoutExifHeader(data.subarray(at + 8, end - 4)));
      if (orientation) out.push(pngChunk('eXIf', orientationOnlyExif(orientation)));
    }
    at = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(out);
}

// --- WebP --------------------------------------------------------------------------------------------------------

/** Image data, alpha, animation and the colour profile. Not kept: EXIF (but its orientation), XMP, unknown chunks. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpChunk(fourcc: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat(payload.length & 1 ? [head, payload, Buffer.alloc(1)] : [head, payload]);
}

function stripWebp(data: Buffer): Buffer | null {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return null;
  const riffEnd = Math.min(data.length, 8 + data.readUInt32LE(4));
  const out: Buffer[] = [];
  let vp8x: Buffer | undefined;
  let keptExif = false;
  let at = 12;
  while (at + 8 <= riffEnd) {
    const fourcc = data.toString('latin1', at, at + 4);
    const length = data.readUInt32LE(at + 4);
    const end = at + 8 + length + (length & 1);
    if (end > riffEnd) {
      if (WEBP_KEPT.has(fourcc)) out.push(data.subarray(at, riffEnd));
      break;
    }
    if (fourcc === 'VP8X' && !vp8x && length >= 10) {
      vp8x = Buffer.from(data.subarray(at, end)); // its flags are rewritten below
      out.push(vp8x);
    } else if (WEBP_KEPT.has(fourcc) && fourcc !== 'VP8X') {
      out.push(data.subarray(at, end));
    } else if (fourcc === 'EXIF' && !keptExif) {
      const orientation = exifOrientation(withoutExifHeader(data.subarray(at + 8, at + 8 + length)));
      if (orientation) {
        out.push(webpChunk('EXIF', orientationOnlyExif(orientation)));
        keptExif = true;
      }
    }
    at = end;
  }
  if (vp8x) {
    vp8x[8] = (vp8x[8]! & ~(VP8X_EXIF | VP8X_XMP)) | (keptExif ? VP8X_EXIF : 0);
  } else if (keptExif) {
    // The simple format (no VP8X) has no place for metadata: drop the orientation rather than make a file decoders refuse.
    out.splice(
      out.findIndex((b) => b.toString('latin1', 0, 4) === 'EXIF'),
      1,
    );
  }
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + out.reduce((sum, b) => sum + b.length, 0), 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, ...out]);
}

// --- GIF ---------------------------------------------------------------------------------------------------------

/** Application extensions that carry animation control, not metadata (loop count). */
const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function stripGif(data: Buffer): Buffer | null {
  const signature = data.toString('latin1', 0, 6);
  if (data.length < 13 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return null;
  const flags = data[10]!;
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  const out: Buffer[] = [data.subarray(0, Math.min(at, data.length))];
  /** The end of the data sub-blocks starting at `from` (after their zero terminator), or null when they are cut short. */
  const subBlocksEnd = (from: number): number | null => {
    let p = from;
    while (p < data.length && data[p] !== 0) p += 1 + data[p]!;
    return p < data.length ? p + 1 : null;
  };
  while (at < data.length) {
    const block = data[at];
    if (block === 0x3b) {
      out.push(data.subarray(at, at + 1)); // trailer; anything after it is left out
      break;
    }
    if (block === 0x21) {
      const label = data[at + 1];
      const end = at + 2 < data.length ? subBlocksEnd(at + 2) : null;
      const keep =
        label === 0xf9 || // graphic control: delay, disposal and transparency
        (label === 0xff && data[at + 2] === 11 && GIF_KEPT_APPLICATIONS.has(data.toString('latin1', at + 3, at + 14)));
      if (end === null) {
        if (keep) out.push(data.subarray(at));
        break;
      }
      if (keep) out.push(data.subarray(at, end)); // comments, plain text, other applications (XMP, ICC): left out
      at = end;
    } else if (block === 0x2c) {
      if (at + 10 > data.length) {
        out.push(data.subarray(at));
        break;
      }
      const local = data[at + 9]!;
      const lzw = at + 10 + (local & 0x80 ? 3 << ((local & 0x07) + 1) : 0);
      const end = lzw < data.length ? subBlocksEnd(lzw + 1) : null;
      if (end === null) {
        out.push(data.subarray(at));
        break;
      }
      out.push(data.subarray(at, end));
      at = end;
    } else {
      // Not a block: the decoder stops here too. End the stream properly instead of keeping what follows.
      out.push(Buffer.from([0x3b]));
      break;
    }
  }
  return Buffer.concat(out);
}
