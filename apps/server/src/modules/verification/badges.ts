// Text on a coloured fill: a status badge ("✓ Successful" in white on green, "! Pending" on orange), a logo. In grey
// the fill is a mid grey with the text lighter than the page (or, once a dark screen is inverted, both dark), which
// tesseract's neighbourhood threshold makes a blob of, and reads nothing. Inside the fill the fill becomes white and
// the text dark, like the rest of the page.

/** A pixel is coloured when its channels spread this far apart (grey text, white page and black ink spread little). */
const COLOURED = 60;
/** Side of the square blocks fills are found on, in pixels of the prepared image. */
const BLOCK = 4;
/** A block is part of a fill when this share of its pixels is coloured. */
const BLOCK_COLOURED = 0.5;
/**
 * A fill's coloured pixels cover this share of its box (badges and bars: 0.83 to 0.85 measured); the strokes of bold
 * coloured text, on the page or on a pale badge, cover about half of theirs.
 */
const FILL = 0.7;
/** A row of a fill is whitened when coloured pixels cover this share of it between its first and last. */
const ROW_FILL = 0.5;
/** How far round a fill its anti-aliased rim reaches, in pixels. */
const RIM = 2;
/**
 * The smallest fill worth a look, in blocks across and down: a badge around one short word. Smaller, a bold coloured
 * glyph or two ("အော" of a red "မအောင်မြင်ပါ") can fill their box as densely, and whitened they would be erased.
 */
const MIN_ACROSS = 16;
const MIN_DOWN = 5;
/** A fill holds text: this share of its box is uncoloured and this much lighter or darker than the fill. */
const MIN_TEXT = 0.03;
const TEXT_CONTRAST = 60;
/** The largest share of the page: a card, never the page's own coloured background. */
const MAX_SHARE = 0.15;
/**
 * A fill this share of the page wide or wider is the app's title bar: its text names the app, which decides nothing,
 * and whitening it moved how tesseract laid out the rest of the page (a row's label lost on two screens of 400).
 */
const BAR = 0.8;

export type Rgb = { data: Buffer; width: number; height: number; channels: number };

const lightness = (rgb: Rgb, i: number) => {
  const j = i * rgb.channels;
  return 0.2126 * rgb.data[j]! + 0.7152 * rgb.data[j + 1]! + 0.0722 * rgb.data[j + 2]!;
};

const isColoured = (rgb: Rgb, i: number) => {
  const j = i * rgb.channels;
  const r = rgb.data[j]!;
  const g = rgb.data[j + 1]!;
  const b = rgb.data[j + 2]!;
  return Math.max(r, g, b) - Math.min(r, g, b) >= COLOURED;
};

function nearColoured(rgb: Rgb, x: number, y: number): boolean {
  for (let dy = -RIM; dy <= RIM; dy++)
    for (let dx = -RIM; dx <= RIM; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < rgb.width && ny < rgb.height && isColoured(rgb, ny * rgb.width + nx)) return true;
    }
  return false;
}

/**
 * Makes each coloured fill of the grey image white and what is printed on it dark, in proportion to how far its grey
 * is from the fill's (lighter text on a light screen, darker once a dark screen was inverted). Returns how many fills.
 */
export function whitenColouredFills(grey: Buffer, rgb: Rgb): number {
  const { width, height } = rgb;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const coloured = new Uint16Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / BLOCK) * bw;
    for (let x = 0; x < width; x++) if (isColoured(rgb, y * width + x)) coloured[row + Math.floor(x / BLOCK)]!++;
  }
  const filled = (k: number) => coloured[k]! >= BLOCK_COLOURED * BLOCK * BLOCK;
  const seen = new Uint8Array(bw * bh);
  let fills = 0;
  for (let start = 0; start < seen.length; start++) {
    if (!filled(start) || seen[start]) continue;
    // One fill's blocks, found across their edges, and its box.
    const blocks = [start];
    seen[start] = 1;
    let [x0, y0, x1, y1] = [bw, bh, -1, -1];
    for (let i = 0; i < blocks.length; i++) {
      const k = blocks[i]!;
      const bx = k % bw;
      const by = (k - bx) / bw;
      [x0, y0, x1, y1] = [Math.min(x0, bx), Math.min(y0, by), Math.max(x1, bx), Math.max(y1, by)];
      for (const n of [bx + 1 < bw ? k + 1 : -1, bx > 0 ? k - 1 : -1, by + 1 < bh ? k + bw : -1, by > 0 ? k - bw : -1]) {
        if (n >= 0 && filled(n) && !seen[n]) {
          seen[n] = 1;
          blocks.push(n);
        }
      }
    }
    const box = { left: x0 * BLOCK, top: y0 * BLOCK, right: Math.min(width, (x1 + 1) * BLOCK), bottom: Math.min(height, (y1 + 1) * BLOCK) };
    const across = x1 - x0 + 1;
    const down = y1 - y0 + 1;
    if (across < MIN_ACROSS || down < MIN_DOWN || blocks.length > MAX_SHARE * bw * bh || across > BAR * bw) continue;
    let count = 0;
    let sum = 0;
    for (let y = box.top; y < box.bottom; y++)
      for (let x = box.left; x < box.right; x++)
        if (isColoured(rgb, y * width + x)) {
          count++;
          sum += grey[y * width + x]!;
        }
    if (count < FILL * (box.right - box.left) * (box.bottom - box.top)) continue;
    const fill = sum / count;
    // Judged on the colours, the same on a light screen and on a dark one whose grey was inverted.
    let fillLight = 0;
    for (let y = box.top; y < box.bottom; y++)
      for (let x = box.left; x < box.right; x++) if (isColoured(rgb, y * width + x)) fillLight += lightness(rgb, y * width + x);
    fillLight /= count;
    let text = 0;
    for (let y = box.top; y < box.bottom; y++)
      for (let x = box.left; x < box.right; x++) {
        const i = y * width + x;
        if (!isColoured(rgb, i) && Math.abs(lightness(rgb, i) - fillLight) > TEXT_CONTRAST) text++;
      }
    if (text < MIN_TEXT * (box.right - box.left) * (box.bottom - box.top)) continue;
    // Each column's first and last coloured row: what lies outside them (the page above a slanted edge, a rounded
    // corner) is no text on the fill.
    const top = new Int32Array(box.right - box.left).fill(-1);
    const bottom = new Int32Array(box.right - box.left).fill(-1);
    for (let y = box.top; y < box.bottom; y++)
      for (let x = box.left; x < box.right; x++)
        if (isColoured(rgb, y * width + x)) {
          if (top[x - box.left] === -1) top[x - box.left] = y;
          bottom[x - box.left] = y;
        }
    // Row by row, between the row's first and last coloured pixel (a rounded badge's corners are the page's).
    const kept = new Set<number>();
    for (let y = box.top; y < box.bottom; y++) {
      let first = -1;
      let last = -1;
      let colouredInRow = 0;
      for (let x = box.left; x < box.right; x++)
        if (isColoured(rgb, y * width + x)) {
          if (first < 0) first = x;
          last = x;
          colouredInRow++;
        }
      // A row along a slanted edge (a rotated bar) catches the page between stray coloured pixels: no text there.
      const textRow = colouredInRow >= ROW_FILL * (last - first + 1);
      for (let x = first; x >= 0 && x <= last; x++) {
        const i = y * width + x;
        if (isColoured(rgb, i)) grey[i] = 255;
        else if (textRow && top[x - box.left]! < y && y < bottom[x - box.left]!) {
          const v = grey[i]!;
          const ink = v >= fill ? (v - fill) / Math.max(1, 255 - fill) : (fill - v) / Math.max(1, fill);
          grey[i] = Math.round(255 * (1 - ink));
          kept.add(i);
        }
      }
    }
    // The fill's anti-aliased rim, a blend of the fill and the page, would stay a grey line round a now white fill.
    for (let y = Math.max(0, box.top - RIM); y < Math.min(height, box.bottom + RIM); y++)
      for (let x = Math.max(0, box.left - RIM); x < Math.min(width, box.right + RIM); x++) {
        const i = y * width + x;
        if (kept.has(i) || isColoured(rgb, i)) continue;
        if (nearColoured(rgb, x, y)) grey[i] = 255;
      }
    fills++;
  }
  return fills;
}
