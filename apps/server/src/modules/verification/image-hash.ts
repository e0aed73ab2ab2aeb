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
const MIN_COMMON_BITS = 64;
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

/**
 * Differing and compared bits among those confident in both hashes. Byte-wise on the decoded hex: a check compares
 * its fingerprint with every order's of the last 30 days on the event loop, so this must stay cheap.
 */
export function compareHashes(a: string, b: string): { differing: number; compared: number } {
  const [abits = '', amask = ''] = a.split(':');
  const [bbits = '', bmask = ''] = b.split(':');
  if (abits.length !== bbits.length || amask.length !== abits.length || bmask.length !== bbits.length || abits.length % 2) return { differing: Infinity, compared: 0 };
  const [ab, am, bb, bm] = [abits, amask, bbits, bmask].map((hex) => Buffer.from(hex, 'hex'));
  if (ab!.length * 2 !== abits.length || am!.length !== ab!.length || bb!.length !== ab!.length || bm!.length !== ab!.length) return { differing: Infinity, compared: 0 };
  let differing = 0;
  let compared = 0;
  for (let i = 0; i < ab!.length; i++) {
    const both = am![i]! & bm![i]!;
    compared += POPCOUNT[both]!;
    differing += POPCOUNT[(ab![i]! ^ bb![i]!) & both]!;
  }
  return { differing, compared };
}

/**
 * Near-identical pictures. A near-blank picture has few confident bits: two such count as the same only when their
 * confidence masks agree too (both blank), since there is nothing else to tell them apart by.
 */
export function nearIdentical(a: string, b: string): boolean {
  const { differing, compared } = compareHashes(a, b);
  if (compared < MIN_COMMON_BITS) return a.split(':')[1] === b.split(':')[1] && differing === 0;
  return differing <= compared * NEAR_IDENTICAL_SHARE;
}
