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
/** Fewer confident bits than this in common (a near-blank picture): nothing to compare, never the same picture. */
export const MIN_COMMON_BITS = 64;
/** At most this share of the bits confident in both may differ for "the same picture". */
export const NEAR_IDENTICAL_SHARE = 0.07;

/** A fingerprint's size: 512 bytes of bits, then 512 bytes of confidence mask (1 KB, stored as it is). */
export const HASH_BYTES = (2 * (SIDE * SIDE)) / 8;
const HALF = HASH_BYTES / 2;

/** The fingerprint: HASH_BYTES bytes, the 4096 bits (row by row, first bit in the high bit) then their mask. */
export async function imageHash(data: Buffer): Promise<Buffer> {
  const px = await sharp(data, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(SIDE + 1, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const hash = Buffer.alloc(HASH_BYTES);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const i = y * (SIDE + 1) + x;
      const diff = px[i]! - px[i + 1]!;
      const bit = y * SIDE + x;
      const flag = 0x80 >> (bit & 7);
      if (diff > 0) hash[bit >> 3]! |= flag;
      if (Math.abs(diff) >= CONFIDENT_DIFFERENCE) hash[HALF + (bit >> 3)]! |= flag;
    }
  }
  return hash;
}

/**
 * The text form fingerprints were stored in until migration 0012 (`<1024 hex bits>:<1024 hex mask>`), as bytes;
 * null when it is not one (such a fingerprint never matched anything).
 */
export function hashFromHex(text: string): Buffer | null {
  const half = HALF * 2;
  if (text.length !== 2 * half + 1 || text[half] !== ':') return null;
  const hash = Buffer.alloc(HASH_BYTES);
  // Buffer#write stops at the first character that is not hex: a short count means a malformed fingerprint.
  const complete =
    hash.write(text.substring(0, half), 0, HALF, 'hex') === HALF && hash.write(text.substring(half + 1), HALF, HALF, 'hex') === HALF;
  return complete ? hash : null;
}

/** The text form back (migration 0012's down). */
export const hashToHex = (hash: Buffer) => `${hash.toString('hex', 0, HALF)}:${hash.toString('hex', HALF)}`;

/** Set bits of every byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, n) => {
  let bits = 0;
  for (let v = n; v; v >>= 1) bits += v & 1;
  return bits;
});

/**
 * A test for "the same picture as `hash`", for comparing one fingerprint with many: a check compares its own with
 * those of a month of orders. Nothing is allocated per comparison.
 * Near-identical: at most NEAR_IDENTICAL_SHARE of the bits confident in both differ. A low-information picture
 * (blank, one colour, a faint gradient) has too few confident bits to be told from another: it is no fingerprint and
 * matches nothing, so two blank uploads are never "the same screenshot". Anything not HASH_BYTES long is no
 * fingerprint either.
 */
export function samePictureAs(hash: Uint8Array): (other: Uint8Array) => boolean {
  if (hash.length !== HASH_BYTES) return () => false;
  return (other) => {
    if (other.length !== HASH_BYTES) return false;
    let differing = 0;
    let compared = 0;
    for (let i = 0; i < HALF; i++) {
      const mine = hash[HALF + i]!;
      const theirs = other[HALF + i]!;
      const both = mine & theirs;
      compared += POPCOUNT[both]!;
      differing += POPCOUNT[(hash[i]! ^ other[i]!) & both]!;
    }
    if (compared < MIN_COMMON_BITS) return false;
    return differing <= compared * NEAR_IDENTICAL_SHARE;
  };
}

/** Near-identical pictures (samePictureAs for one pair). */
export function nearIdentical(a: Uint8Array, b: Uint8Array): boolean {
  return samePictureAs(a)(b);
}
