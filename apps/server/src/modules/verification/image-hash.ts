// A perceptual fingerprint of a screenshot: dHash on a 65×64 grey thumbnail (4096 bits, one per neighbour
// comparison). Re-saving, re-compressing or resizing a picture flips few bits. Receipts are mostly flat colour,
// where two neighbours are equal and their bit is noise, so each bit also carries a confidence flag (the neighbours
// differ by more than a few grey levels) and only bits confident in both pictures are compared. Receipts of one
// wallet share their layout, so the grid is much finer than the usual 9×8, and the caller also refuses a "same picture"
// whose transaction ids were read and differ.
import sharp from 'sharp';

/**
 * 65×64 grid: fine enough that two receipts of one wallet differ in their text rows (at 16×16 they are the same
 * layout), coarse enough that a resized or re-compressed copy keeps almost every confident bit. Measured on the
 * generated corpus: copies differ in 0–8 % of their confident bits, different receipts of one wallet in 8–40 %.
 */
const SIDE = 64;
/** Neighbours closer than this (of 255) make a bit that resizing may flip. */
const CONFIDENT_DIFFERENCE = 6;
/** Fewer confident bits than this in common (a near-blank picture) and the share below decides alone. */
export const MIN_COMMON_BITS = 64;
/** At most this share of the bits confident in both may differ for "the same picture". */
export const NEAR_IDENTICAL_SHARE = 0.07;

/** `<1024 hex bits>:<1024 hex confidence mask>`. */
export async function imageHash(data: Buffer): Promise<string> {
  const px = await sharp(data, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(SIDE + 1, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  let bits = '';
  let mask = '';
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x += 4) {
      let b = 0;
      let m = 0;
      for (let k = 0; k < 4; k++) {
        const i = y * (SIDE + 1) + x + k;
        const diff = px[i]! - px[i + 1]!;
        b = (b << 1) | (diff > 0 ? 1 : 0);
        m = (m << 1) | (Math.abs(diff) >= CONFIDENT_DIFFERENCE ? 1 : 0);
      }
      bits += b.toString(16);
      mask += m.toString(16);
    }
  }
  return `${bits}:${mask}`;
}

/** Set bits of every byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, n) => {
  let bits = 0;
  for (let v = n; v; v >>= 1) bits += v & 1;
  return bits;
});

/** Decodes a fingerprint's two halves into `bits` and `mask` (each hex.length/2 bytes); false if it is not one. */
function decodeInto(hash: string, bits: Buffer, mask: Buffer): boolean {
  const half = bits.length * 2;
  if (hash.length !== 2 * half + 1 || hash[half] !== ':') return false;
  // Buffer#write stops at the first character that is not hex: a short count means a malformed fingerprint.
  return bits.write(hash, 0, bits.length, 'hex') === bits.length && mask.write(hash.substring(half + 1), 0, mask.length, 'hex') === mask.length;
}

/**
 * A test for "the same picture as `hash`", for comparing one fingerprint with many: a check compares its own with
 * those of a month of orders, inside a locked transaction. Its own is decoded once, each other one into the same two
 * buffers, so a comparison allocates nothing.
 * Near-identical: at most NEAR_IDENTICAL_SHARE of the bits confident in both differ. A near-blank picture has few
 * confident bits: two such count as the same only when their confidence masks agree too (both blank), since there is
 * nothing else to tell them apart by.
 */
export function samePictureAs(hash: string): (other: string) => boolean {
  const half = (hash.length - 1) / 2;
  if (!Number.isInteger(half) || half % 2) return () => false;
  const bits = Buffer.alloc(half / 2);
  const mask = Buffer.alloc(half / 2);
  if (!decodeInto(hash, bits, mask)) return () => false;
  const otherBits = Buffer.alloc(bits.length);
  const otherMask = Buffer.alloc(bits.length);
  return (other) => {
    if (!decodeInto(other, otherBits, otherMask)) return false;
    let differing = 0;
    let compared = 0;
    for (let i = 0; i < bits.length; i++) {
      const both = mask[i]! & otherMask[i]!;
      compared += POPCOUNT[both]!;
      differing += POPCOUNT[(bits[i]! ^ otherBits[i]!) & both]!;
    }
    if (compared < MIN_COMMON_BITS) return differing === 0 && mask.equals(otherMask);
    return differing <= compared * NEAR_IDENTICAL_SHARE;
  };
}

/** Near-identical pictures (samePictureAs for one pair). */
export function nearIdentical(a: string, b: string): boolean {
  return samePictureAs(a)(b);
}
