// OCR with tesseract.js, English data from the npm package @tesseract.js-data/eng and Burmese data from
// @tesseract.js-data/mya (both read from node_modules, never fetched or cached elsewhere). Each tesseract worker is a
// worker thread at the lowest CPU priority (ocr-worker.mjs), so recognising text never blocks the event loop nor
// takes a core from it; sharp's pre-processing runs on libuv's thread pool, one job at a time through the image-work
// limiter when the caller gives one. The server runs all of it in a check process (image-sandbox.ts).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Bbox, Line, Page, PSM, Scheduler, Word } from 'tesseract.js';
import { whitenColouredFills } from './badges.ts';
import { burmeseLetters, overlaps, union } from './boxes.ts';
import { type ReadRectangle, withLatinRunsReread } from './latin-runs.ts';
import {
  amountLineCurrency,
  amountNumberIndex,
  amountsSuspect,
  type AmountReread,
  amountLineAfterReread,
  amountReread,
  burmeseSkeleton,
  isCurrencyWord,
  readAmount,
  readReceipt,
  type ReceiptReading,
  readStatus,
  receiptLines,
  replaceLineAmount,
  withOneSeparator,
} from './receipt-text.ts';

/** Tesseract's confidence (0–100) at which an English word of Latin letters or digits is kept over Burmese script. */
const LATIN_CONFIDENCE = 85;

export interface TextReader {
  /** The text of a receipt image. */
  read(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The folder holding <code>.traineddata.gz inside an installed @tesseract.js-data package. */
function dataPath(pkg: '@tesseract.js-data/eng' | '@tesseract.js-data/mya'): string {
  return (require(pkg) as { langPath: string }).langPath;
}

export const englishDataPath = () => dataPath('@tesseract.js-data/eng');
export const burmeseDataPath = () => dataPath('@tesseract.js-data/mya');

/**
 * Grey, and scaled only when far from phone size: enlarged below 600 px wide (text too small to read), reduced above
 * 1200 px. A phone screenshot's own size keeps its smallest text (12 CSS px at 2× and more) about 20 px high or more,
 * which tesseract reads as well as it reads it enlarged; enlarging every image to 900–1600 px cost a third more CPU per
 * receipt for nothing (docs/decisions/0038, "Measured"). Colours of wallet headers (white on blue or red) survive as
 * grey levels; tesseract's own thresholding (by neighbourhood, SAUVOLA below) copes better with those than one
 * threshold here would. No contrast stretch: tesseract's thresholds are taken from the pixels' levels, which a linear
 * stretch hardly moves, and sharp's normalise() was 40 % of the pre-processing (0701, "Cheaper pre-processing").
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  return (await prepare(image)).data;
}

/** The prepared image with what preparing did (bench: how often each step fires). */
export async function prepareWithSteps(image: Buffer): Promise<{ data: Buffer; steps: PrepareSteps }> {
  const { data, steps } = await prepare(image);
  return { data, steps };
}

const MIN_OCR_WIDTH = 600;
/** The unsharp mask's radius, in pixels of the scaled image, for a page read again sharpened. */
const SHARPEN_SIGMA = 1;
const MAX_OCR_WIDTH = 1200;
/**
 * Only the top of a longer image is read: at most this many times its (scaled) width. A phone screen is about 1:2.2;
 * the OCR's time grows with the area, and tesseract refuses a side over 32,767 px outright (a 40 × 3000 image scaled
 * to 600 wide was 45,000 high).
 */
export const MAX_READ_ASPECT = 3;

/** What preparing an image did (the bench counts it). */
export type PrepareSteps = { inverted: boolean; deskewDeg: number; badges: number };

async function prepare(image: Buffer, options: { sharpen?: boolean } = {}) {
  const meta = await sharp(image, { limitInputPixels: 40_000_000, pages: 1 }).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1000;
  const height = meta.autoOrient?.height ?? meta.pageHeight ?? meta.height ?? width;
  const target = Math.max(MIN_OCR_WIDTH, Math.min(MAX_OCR_WIDTH, width));
  const scaledHeight = Math.max(1, Math.round((height * target) / width));
  const readHeight = Math.min(scaledHeight, MAX_READ_ASPECT * target);
  let pipeline = sharp(image, { limitInputPixels: 40_000_000, pages: 1 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize({ width: target, kernel: 'lanczos3' });
  if (options.sharpen) pipeline = pipeline.sharpen({ sigma: SHARPEN_SIGMA });
  // (Its own rounding of the scaled height may differ from ours by a pixel: crop only what is surely there.)
  if (scaledHeight > readHeight + 1) pipeline = pipeline.extract({ left: 0, top: 0, width: target, height: readHeight });
  // A strip a few pixels high (a banner) gets a white margin: thresholding by neighbourhood needs some height.
  if (readHeight < MIN_READ_SIDE)
    pipeline = sharp(await pipeline.png().toBuffer()).extend({ bottom: MIN_READ_SIDE, background: '#ffffff' });
  const rgb = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = rgb.info.width * rgb.info.height;
  const channels = rgb.info.channels;
  let data = Buffer.alloc(pixels);
  let info = { width: rgb.info.width, height: rgb.info.height };
  for (let i = 0, j = 0; i < pixels; i++, j += channels) {
    data[i] = Math.round(0.2126 * rgb.data[j]! + 0.7152 * rgb.data[j + 1]! + 0.0722 * rgb.data[j + 2]!);
  }
  const steps: PrepareSteps = { inverted: false, deskewDeg: 0, badges: 0 };
  // Dark mode: light text on a dark background, which tesseract's LSTM reads far worse. Inverted, and from the
  // brightest channel rather than the luminance: a coloured status line (purple, green, red) on a dark card is
  // nearly as dark as the card in luminance, but far brighter in its own colour.
  if (meanOf(data) < DARK_MEAN) {
    for (let i = 0, j = 0; i < pixels; i++, j += channels) data[i] = 255 - Math.max(rgb.data[j]!, rgb.data[j + 1]!, rgb.data[j + 2]!);
    steps.inverted = true;
  }
  // Badges and bars: text on a coloured fill, which neither grey nor its inverse leaves readable.
  steps.badges = whitenColouredFills(data, { data: rgb.data, width: info.width, height: info.height, channels });
  // Glare, shade and the desk around a photographed phone: each pixel divided by its neighbourhood's background.
  flattenBackground(data, info.width, info.height);
  // A photo of a screen, or a screenshot rotated by an editor: straighten 1–8° of skew, which costs the reading most.
  const skew = estimateSkewDeg(data, info.width, info.height);
  if (Math.abs(skew) >= MIN_DESKEW_DEG) {
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .rotate(-skew, { background: '#ffffff' })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true }));
    steps.deskewDeg = skew;
  }
  // A binary PGM: grey pixels behind a one-line header, which tesseract's image reader takes as it is: no PNG to
  // compress here and to decompress again in the OCR worker.
  return { data: Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]), info, steps };
}

/** Blocks across the image whose brightest pixel estimates the background (30 px at 1200 wide). */
const BACKGROUND_BLOCKS = 40;
/** Below this background the area is no screen (a phone's bezel, a dark desk) and becomes white. */
const NO_SCREEN = 40;
/**
 * Grey levels after flattening, darkened by a gamma of 1.5: grey labels on a card that flattening lightened would
 * otherwise fall on the light side of tesseract's one global threshold.
 */
const FLAT_LEVELS = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * Math.pow(v / 255, 1.5)));

/**
 * Divides each pixel by the background around it, in place: glare on a photographed screen (which a dark screen,
 * inverted, shows as a dark cloud), shade, and the bezel and desk around the phone become plain white, so one
 * threshold fits the whole page. The background is the brightest pixel of each block, grown by a block and smoothed,
 * then interpolated: text (dark, thin) never sets it.
 */
export function flattenBackground(data: Buffer, width: number, height: number): void {
  const size = Math.max(8, Math.round(width / BACKGROUND_BLOCKS));
  const bw = Math.ceil(width / size);
  const bh = Math.ceil(height / size);
  const brightest = new Float64Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / size) * bw;
    for (let x = 0; x < width; x++) {
      const k = row + Math.floor(x / size);
      const v = data[y * width + x]!;
      if (v > brightest[k]!) brightest[k] = v;
    }
  }
  // Grown (the brightest of 3 × 3 blocks: a large bold figure may fill a block), then smoothed (their mean).
  const around3 = (from: Float64Array, pick: (values: number[]) => number) => {
    const to = new Float64Array(bw * bh);
    for (let by = 0; by < bh; by++)
      for (let bx = 0; bx < bw; bx++) {
        const values: number[] = [];
        for (let yy = Math.max(0, by - 1); yy <= Math.min(bh - 1, by + 1); yy++)
          for (let xx = Math.max(0, bx - 1); xx <= Math.min(bw - 1, bx + 1); xx++) values.push(from[yy * bw + xx]!);
        to[by * bw + bx] = pick(values);
      }
    return to;
  };
  const background = around3(
    around3(brightest, (v) => Math.max(...v)),
    (v) => v.reduce((a, b) => a + b, 0) / v.length,
  );
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / size - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / size - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const bg =
        (background[y0 * bw + x0]! * (1 - tx) + background[y0 * bw + x1]! * tx) * (1 - ty) +
        (background[y1 * bw + x0]! * (1 - tx) + background[y1 * bw + x1]! * tx) * ty;
      const i = y * width + x;
      data[i] = bg < NO_SCREEN ? 255 : FLAT_LEVELS[Math.min(255, Math.round((data[i]! * 255) / bg))]!;
    }
  }
}

/** Below this mean grey level an image is a dark-mode screen. */
const DARK_MEAN = 110;
const MIN_DESKEW_DEG = 0.9;

function meanOf(data: Buffer): number {
  let sum = 0;
  for (let i = 0; i < data.length; i += 7) sum += data[i]!;
  return sum / Math.ceil(data.length / 7);
}

/**
 * The skew of the text lines, in degrees (positive: clockwise), from the dark pixels' row profile: the angle whose
 * sheared rows are most uneven (text rows and gaps) is the text's. Up to ±8° in steps of ¼°; 0 when unsure.
 */
export function estimateSkewDeg(data: Buffer, width: number, height: number): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const step = Math.max(2, Math.round(width / 300));
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (data[y * width + x]! < 100) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 300) return 0;
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    const rows = new Float64Array(Math.ceil((height + width) / step) + 2);
    const offset = width;
    for (let i = 0; i < xs.length; i++) rows[Math.round((ys[i]! - xs[i]! * t + offset) / step)]! += 1;
    let sum = 0;
    for (const r of rows) sum += r * r;
    return sum;
  };
  const flat = score(0);
  let best = 0;
  let bestScore = flat;
  for (let deg = -8; deg <= 8; deg += 0.25) {
    if (deg === 0) continue;
    const s = score(deg);
    if (s > bestScore) {
      best = deg;
      bestScore = s;
    }
  }
  // A clear winner only: a page of blocks (a header bar, a card) scores nearly the same at every small angle.
  return bestScore > flat * 1.08 ? best : 0;
}

/**
 * tesseract.js's node worker script wrapped so that it lowers its own thread's priority first. Beside this module
 * from source; beside dist/main.js in the build (apps/server/build.mjs copies it).
 */
export const lowPriorityWorkerPath = fileURLToPath(new URL('./ocr-worker.mjs', import.meta.url));

/** Runs a sharp job; the app passes its image-work limiter so checks never hold more than their share of libuv's pool. */
export type RunSharp = <T>(job: () => Promise<T>) => Promise<T>;
const runDirectly: RunSharp = (job) => job();

const linesOf = (page: Page): Line[] => (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));

/** The line's box with a margin of a third of its height (or `share` of it; `shareAboveBelow` above and below), inside the image. */
function around(box: Bbox, image: { width: number; height: number }, share = 1 / 3, shareAboveBelow = share) {
  const margin = Math.round((box.y1 - box.y0) * share);
  const marginY = Math.round((box.y1 - box.y0) * shareAboveBelow);
  const left = Math.max(0, box.x0 - margin);
  const top = Math.max(0, box.y0 - marginY);
  return readable(
    { left, top, width: Math.min(image.width, box.x1 + margin) - left, height: Math.min(image.height, box.y1 + marginY) - top },
    image,
  );
}

/**
 * Tesseract's thresholding by neighbourhood (below) needs a few pixels each way: a rectangle smaller than this (a
 * speck OCR took for a line) fails the whole reading. Such a rectangle is read grown about its middle.
 */
const MIN_READ_SIDE = 24;
type Rectangle = { left: number; top: number; width: number; height: number };

export function readable(r: Rectangle, image: { width: number; height: number }): Rectangle {
  const grow = (start: number, size: number, limit: number) => {
    const wanted = Math.min(limit, Math.max(size, MIN_READ_SIDE));
    const from = Math.max(0, Math.min(limit - wanted, Math.round(start - (wanted - size) / 2)));
    return [from, wanted] as const;
  };
  const [left, width] = grow(r.left, r.width, image.width);
  const [top, height] = grow(r.top, r.height, image.height);
  return { left, top, width, height };
}

/**
 * Where a line's amount is: the whole line when it is short (a headline, an amount row), else the number beside its
 * currency word: an SMS sentence read again whole in Burmese gives the number somewhere in its middle.
 */
export function amountBox(line: Line): Bbox {
  const words = line.words ?? [];
  if (words.length <= 3) return line.bbox;
  const currency = words.findIndex((w) => isCurrencyWord(w.text));
  if (currency < 0) return line.bbox;
  // With no digits beside the currency (Burmese digits the English data made letters of), the word before it.
  let at = amountNumberIndex(words);
  if (at < 0) at = currency > 0 ? currency - 1 : currency + 1;
  // A sign standing apart before the number ("- 5,500 Ks") is read with it.
  const picked = words.slice(/^[-+]$/.test(words[at - 1]?.text ?? '') ? at - 1 : at, at + 1);
  return {
    x0: Math.min(...picked.map((w) => w.bbox.x0)),
    y0: Math.min(line.bbox.y0, ...picked.map((w) => w.bbox.y0)),
    x1: Math.max(...picked.map((w) => w.bbox.x1)),
    y1: Math.max(line.bbox.y1, ...picked.map((w) => w.bbox.y1)),
  };
}

/**
 * The Burmese words of a line of the Burmese page reading: on a line with two consonants or more, every word in
 * Burmese script without digits. A lone consonant is glued to the word after it, or kept when it ends the line: "မ"
 * before "အောင်မြင်ပါ" is the "not" of a failed payment, and dropped or spaced off it would leave a success word.
 */
export function burmeseWordsOf(line: Line): Word[] {
  if (burmeseLetters(line.text) < 2) return [];
  const words = (line.words ?? []).filter((w) => burmeseLetters(w.text) >= 1 && !/[\d\u1040-\u1049]/.test(w.text));
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (burmeseLetters(w.text) === 1) {
      // Glued when it stands right before the next word, or is a "not": far off, it is the Burmese data's reading of
      // something else (a Latin id read as one consonant), and glued it would stretch the word over that.
      // Last on its line it stays: a "not" the line wrapped before the word it negates.
      const adjacent = next && next.bbox.x0 - w.bbox.x1 < w.bbox.y1 - w.bbox.y0;
      // Never over a word between them (a number whose digits the Burmese data made a "မ" of: "မး" "900" of 9,900).
      const between =
        next && (line.words ?? []).some((x) => x !== w && x !== next && x.bbox.x0 > w.bbox.x0 && x.bbox.x1 <= next.bbox.x0 + 2);
      if (next && !between && (adjacent || w.text.startsWith('မ'))) {
        out.push({ ...next, text: `${w.text}${next.text}`, bbox: { ...next.bbox, x0: Math.min(w.bbox.x0, next.bbox.x0) } });
        i++;
      } else if (!next) out.push(w);
    } else out.push(w);
  }
  return out;
}

/** A number and nothing else: digits with a sign, separators, a bracket or a stop. */
const CLEAN_NUMBER = /^[-+(]?\d[\d,.:/-]*[)။.,]?$/;

const burmeseDigitCount = (text: string) => (text.match(/[\u1040-\u1049]/g) ?? []).length;

/** Burmese digits and the letter ဝ, which is drawn exactly as ၀ (zero), between or beside them. */
const BURMESE_NUMBER = /[\u1040-\u1049\u101d]*[\u1040-\u1049][\u1040-\u1049\u101d]*/g;

/** A number the Burmese page reading saw; `pair`: two digits read with less confidence (see burmeseNumbersOf). */
type NumberWord = Word & { pair?: true };

/** Confidence at which two Burmese digits alone ("၂၃", a day or an hour) are taken anywhere. */
const PAIR_CONFIDENCE = 90;
/**
 * Below this the English data saw nothing it could read where two Burmese digits stand ("Jo" of ၂၅, at 0): a word
 * of two to four signs, as long as what it made of the two digits. A longer word (a masked phone) is not theirs.
 */
const ENGLISH_UNREAD = 40;
const pairFits = (english: Word) => english.confidence < ENGLISH_UNREAD && english.text.length <= 4;

/**
 * Numbers printed in Burmese digits (an id, a date, a time), as the Burmese page reading saw them: words with three
 * Burmese digits or more, in Latin digits. The English data reads them as other digits and letters ("309550083269909"
 * of ၃၀၇၄၄၇၀၆၃၁၆၇၅၁၅), which would disagree with the order where the receipt agrees. Two digits are a day or an hour
 * ("၂၃"): taken when read with confidence, else (`pair`) only over an English word read with almost none.
 */
export function burmeseNumbersOf(line: Line): NumberWord[] {
  return joinedNumbers(line.words ?? []).flatMap((w) => {
    const digits = burmeseDigitCount(w.text);
    if (digits < 2) return [];
    const text = withOneSeparator(
      normalizeDigits(withoutLabelDebris(w.text).replace(BURMESE_NUMBER, (n) => n.replace(/\u101d/g, '\u1040'))),
    );
    return [digits === 2 && w.confidence < PAIR_CONFIDENCE ? { ...w, text, pair: true as const } : { ...w, text }];
  });
}

/** A date in digits with its month in Latin letters ("25-Nov-2026"), or its month and year after a wrap ("Nov-2026"). */
const DATE_WITH_MONTH = /^(?:\d{1,2}([-/. ])[A-Za-z]{3}\1\d{2,4}|[A-Za-z]{3}[-/. ]\d{4})[.,]?$/;

/**
 * Burmese numbers the Burmese data cut into touching words ("၂၃/၁၁/" "၂၀" "၂၆" of ၂၃/၁၁/၂၀၂၆) as one word: next to
 * each other with a gap far narrower than a space. Cut, the year's "၂၀" fell to a two-digit word's confidence rule.
 */
export function joinedNumbers(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const last = out.at(-1);
    const height = w.bbox.y1 - w.bbox.y0;
    if (last && burmeseDigitCount(last.text) && burmeseDigitCount(w.text) && w.bbox.x0 - last.bbox.x1 < height * 0.15) {
      out[out.length - 1] = {
        ...last,
        text: `${last.text}${w.text}`,
        confidence: Math.min(last.confidence, w.confidence),
        symbols: [...(last.symbols ?? []), ...(w.symbols ?? [])],
        bbox: union([last.bbox, w.bbox]),
      };
    } else out.push(w);
  }
  return out;
}

/**
 * A Burmese number without what the Burmese data made of a Latin label run into it ("1?1[:၂၄၅၅…" of "TxnID: ၂၄၅၅…"):
 * signs before its first Burmese digit other than a sign or a bracket go.
 */
export function withoutLabelDebris(text: string): string {
  const first = text.search(/[\u1040-\u1049]/);
  return first > 0 && /[^\s\d+\-−(]/.test(text.slice(0, first)) ? text.slice(first) : text;
}

/** The line right above another, across the same columns: the line a sentence wrapped from. */
function lineAbove(lines: Line[], line: Line): Line | null {
  let best: Line | null = null;
  for (const l of lines) {
    if (l === line || l.bbox.y1 > (line.bbox.y0 + line.bbox.y1) / 2 || l.bbox.x1 <= line.bbox.x0 || l.bbox.x0 >= line.bbox.x1) continue;
    if (line.bbox.y0 - l.bbox.y1 > 2 * (line.bbox.y1 - line.bbox.y0)) continue;
    if (!best || l.bbox.y1 > best.bbox.y1) best = l;
  }
  return best;
}

/**
 * Whether a row of text goes on past every word read on it: dark pixels a glyph's worth of them, within two and a half
 * line heights right of the last word (a "မ" ending a wrapped sentence that the Burmese reading lost). Judged on the
 * middle of the row's height, so the lines above and below don't count.
 */
export function inkPastWords(
  image: { pixels: Uint8Array; width: number; height: number },
  row: Bbox,
  words: ReadonlyArray<{ bbox: Bbox }>,
): boolean {
  const h = row.y1 - row.y0;
  const right = Math.max(row.x1, ...words.filter((w) => level(w.bbox, row)).map((w) => w.bbox.x1));
  const y0 = Math.max(0, Math.round(row.y0 + 0.25 * h));
  const y1 = Math.min(image.height, Math.round(row.y1 - 0.25 * h));
  const x0 = Math.round(right + 0.1 * h);
  const x1 = Math.min(image.width, Math.round(right + 2.5 * h));
  let ink = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x]! < 128) ink++;
  return ink >= INK_OF_A_GLYPH * h * h;
}

/** Dark pixels, as a share of a line's height squared, that make a glyph rather than a speck. */
const INK_OF_A_GLYPH = 0.02;

/** Whether two boxes' middles are apart by less than half the taller one, down the page. */
const level = (a: Bbox, b: Bbox) => Math.abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) < 0.5 * Math.max(a.y1 - a.y0, b.y1 - b.y0);

/**
 * Whether two words are one spot of the page: overlapping and level. The English data's boxes of a mixed Burmese and
 * Latin sentence reach into the lines above and below; overlap alone let a Burmese word of the line above stand in
 * for an id.
 */
const sameSpot = (a: Bbox, b: Bbox) => overlaps(a, b) && level(a, b);

/**
 * Whether a Burmese number lost the thousands separator the English data saw in the same place ("၁၂၂၀၀၀" beside
 * "J,000" of ၁၂,၀၀၀: the comma read as ၂). The English data misreads Burmese digits but keeps their separators.
 */
export const separatorLost = (english: string, burmese: string) =>
  /[,.][0-9A-Za-z§]{3}(?:[.,]\d{2})?[.,]?$/.test(english) && !/[,.]/.test(burmese);

/** An amount's digits and separators, its sign and anything after it left out; null when it starts otherwise. */
const amountDigits = (text: string) => text.replace(/^[-+]/, '').match(/^\d{1,3}(?:,\d{3})*(?:\.\d{2})?/)?.[0] ?? null;

/** A text with no amount on any line (a fee, which is no amount line, stays). */
export const withoutAmounts = (text: string) =>
  text
    .split('\n')
    .map((line) => (amountLineCurrency(line) !== null ? replaceLineAmount(line, null) : line))
    .join('\n');

/**
 * A Burmese page reading's Latin number at this confidence, and above the English one's, is a second opinion on it.
 * The Burmese data misreads Latin digits more often ("32,000" at 88 of a 12,000 the English data read at 96).
 */
const SECOND_OPINION = 80;

/**
 * Whether the Burmese page reading saw other Latin digits than the English reading in a line's amount, with more
 * confidence: the English data read a serif "-5,500" as "-3,500" at 79, the Burmese data as "-5,500" at 84. Two
 * readings that disagree leave the amount in doubt: unread, never a mismatch.
 */
export function disputedAmount(line: Line, pageAll: ReadonlyArray<Word>): boolean {
  const words = line.words ?? [];
  const english = words[amountNumberIndex(words)];
  const read = english && amountDigits(english.text);
  if (!english || !read) return false;
  return pageAll.some((b) => {
    const other = amountDigits(b.text);
    return (
      other !== null &&
      other.length === read.length &&
      other !== read &&
      b.confidence >= SECOND_OPINION &&
      b.confidence > english.confidence &&
      sameSpot(b.bbox, english.bbox)
    );
  });
}

/** An English word of Latin letters or digits read with confidence: the Burmese page reading never stands in for it. */
const confidentLatin = (w: Word) => w.confidence >= LATIN_CONFIDENCE && /^[A-Za-z0-9][A-Za-z0-9,.:/-]*$/.test(w.text);

/** Whether a word stands in a line: within its width and level with one of its words. */
const inLine = (b: Bbox, line: Line) => b.x1 > line.bbox.x0 && b.x0 < line.bbox.x1 && (line.words ?? []).some((w) => level(w.bbox, b));

/**
 * An English-read line with the Burmese page reading's words in place of the English words they cover: Burmese
 * script the English data made debris of ("ogee: Ble sa", a label read as "660932690"). Latin words read with
 * confidence, and words no Burmese word covers (a name, a phone, an id, an amount), stay as the English data read them.
 */
export function withBurmeseWords(
  line: Line,
  burmeseWords: Word[],
  allWords: Word[],
  burmeseNumbers: NumberWord[],
  used: Set<Word>,
  numbersOnly = false,
): string {
  const out: string[] = [];
  for (const w of line.words ?? []) {
    const latin = confidentLatin(w);
    // A Latin word read with confidence is no number in Burmese digits (the Burmese data reads "Hnin" as digits): three
    // letters or more (a comma or stop after them), an honorific or a currency. Two letters are what the English data
    // makes of ၂၃ or ၂၀ ("JR", "Jo").
    const word = latin && (/^[A-Za-z]{3,}[,.:]?$/.test(w.text) || /^(?:U|Ko|Ma|Mg|Daw|Ks)[,.:]?$/i.test(w.text));
    // Where only numbers are sought, only a clean number stands in: the Burmese data's digits and signs made of a Latin
    // label the English data was unsure of ("2245င!08" of "Transaction" in a blurred photo) are not one. A date whose
    // month the Burmese data made signs of is one once the English word gives the month ("25-|10%-2026", "J9-Nov-").
    // A Latin month read with confidence ("23-Nov-") stays unless the Burmese number keeps it ("၂၃-Nov-၂၆"): the
    // Burmese data makes digits of its letters ("23-620-").
    const month = w.confidence >= LATIN_CONFIDENCE && LATIN_MONTH.test(w.text);
    // The English word giving a Burmese number its month: this one, or a confident month the number also covers (the
    // year after a wrapped date's "Nov-" is read as words of its own: "Nov-" "jo" "J&").
    const monthOf = (b: Word) =>
      LATIN_MONTH.test(w.text)
        ? w.text
        : (line.words!.find((x) => x.confidence >= LATIN_CONFIDENCE && LATIN_MONTH.test(x.text) && sameSpot(x.bbox, b.bbox))?.text ??
          w.text);
    const clean = (b: Word) => CLEAN_NUMBER.test(b.text) || DATE_WITH_MONTH.test(withEnglishMonth(b.text, monthOf(b)));
    const numbers = burmeseNumbers.filter(
      (b) =>
        (!b.pair || pairFits(w)) &&
        (!numbersOnly || clean(b)) &&
        (!month || LATIN_MONTH.test(withEnglishMonth(b.text, w.text))) &&
        !line.words!.some((x) => sameSpot(x.bbox, b.bbox) && separatorLost(x.text, b.text)),
    );
    const near = [...(latin ? [] : burmeseWords), ...(word ? [] : numbers)].filter((b) => sameSpot(b.bbox, w.bbox));
    // Together they must span half the English word: one consonant the Burmese data made of a Latin id's first digits
    // is not what the id was.
    const across = near.reduce((sum, b) => sum + Math.max(0, Math.min(b.bbox.x1, w.bbox.x1) - Math.max(b.bbox.x0, w.bbox.x0)), 0);
    const cover = across >= 0.5 * (w.bbox.x1 - w.bbox.x0) ? near : [];
    if (!cover.length) out.push(withoutFullStop(w, allWords));
    const place = (b: Word, text = b.text) => {
      if (used.has(b)) return;
      used.add(b);
      out.push(text);
    };
    cover.forEach((b) => place(b, burmeseNumbers.includes(b) ? withEnglishMonth(b.text, monthOf(b)) : b.text));
    // Burmese words between the English ones (a word the English data did not see at all), on this line: not over a
    // Latin word read with confidence, which the Burmese data made a word of its own of ("ပြ" of "MMK").
    if (w !== line.words!.at(-1)) continue;
    const overLatin = (b: Word) =>
      line.words!.some(
        (x) =>
          confidentLatin(x) &&
          x.text.length >= 3 &&
          level(x.bbox, b.bbox) &&
          Math.min(x.bbox.x1, b.bbox.x1) - Math.max(x.bbox.x0, b.bbox.x0) >= 0.5 * (b.bbox.x1 - b.bbox.x0),
      );
    burmeseWords.filter((b) => inLine(b.bbox, line) && !overLatin(b)).forEach((b) => place(b));
    // A number only where the English data saw nothing at all: not over a word it kept.
    const seen = (b: Word) => line.words!.some((x) => Math.min(x.bbox.x1, b.bbox.x1) > Math.max(x.bbox.x0, b.bbox.x0));
    burmeseNumbers.filter((b) => !b.pair && inLine(b.bbox, line) && !seen(b)).forEach((b) => place(b));
  }
  return out.join(' ');
}

/**
 * A long number the English data read with the Burmese full stop after it as one or two more 1s ("…2054။" as
 * "…20541"): the 1s are shorter than the digits, or the Burmese reading of the same place shows the number and then
 * a sign (the stop as "[", "," or "|"), where the English reading has the 1s.
 */
export function withoutFullStop(word: Word, allWords: Word[]): string {
  const body = numberBody(word.text);
  if (!/^\d{11,}$/.test(body)) return word.text;
  // The Burmese reading first: tesseract's boxes may show one of two 1s short and the other as tall as a digit.
  for (const b of body.endsWith('1') ? allWords : []) {
    if (!overlaps(b.bbox, word.bbox)) continue;
    const latin = normalizeDigits(b.text);
    const digits = latin.match(/(\d{10,})[^\d]*$/)?.[1];
    if (digits && /[|\][။;:.,!/]$/.test(latin) && body.startsWith(digits) && /^1{1,2}$/.test(body.slice(digits.length))) return digits;
  }
  return withoutShortStop(word) ?? word.text;
}

/** Long numbers of a reading whose "1"s after them withoutFullStop found to be the Burmese full stop, without them. */
function numbersEndedByStop(lines: Line[], allWords: Word[]): string[] {
  return lines
    .flatMap((l) => l.words ?? [])
    .map((w) => ({ read: w.text, number: withoutFullStop(w, allWords) }))
    .filter(({ read, number }) => number !== read && /^\d{10,}$/.test(number))
    .map(({ number }) => number);
}

/**
 * The text with what follows each of these numbers as the Burmese full stop dropped (one or two bars, or one digit),
 * as another reading found it.
 */
export function withStopsDropped(text: string, numbers: Iterable<string>): string {
  let out = text;
  for (const n of numbers) out = out.replace(new RegExp(`(?<!\\d)${n}(?:[1lI|]{1,2}|\\d)(?![\\d])`, 'g'), n);
  return out;
}

/**
 * A long number and the 1s tesseract split off its end as a word of their own ("5454646103756" "11" of
 * "54546461037561။"), joined again so the stop among them can be told from a last digit (withoutFullStop): only when
 * they touch, closer than a third of the number's height.
 */
export function withSplitStopJoined(line: Line): Line {
  const words = line.words ?? [];
  const at = words.findIndex((w, i) => {
    const next = words[i + 1];
    return (
      next !== undefined &&
      /^\d{10,}$/.test(w.text) &&
      /^[1Il|]{1,3}[.,;:|\]]?$/.test(next.text) &&
      next.bbox.x0 - w.bbox.x1 < (w.bbox.y1 - w.bbox.y0) / 3
    );
  });
  if (at < 0) return line;
  const [number, ones] = [words[at]!, words[at + 1]!];
  const joined: Word = {
    ...number,
    text: `${number.text}${ones.text.replace(/[Il|]/g, '1')}`,
    confidence: Math.min(number.confidence, ones.confidence),
    // The split-off 1s' boxes are the word's, not their ink's: no heights to judge by.
    symbols: [],
    bbox: union([number.bbox, ones.bbox]),
  };
  const out = [...words.slice(0, at), joined, ...words.slice(at + 2)];
  return { ...line, words: out, text: out.map((w) => w.text).join(' ') };
}

/**
 * An amount tesseract split after its thousands separator ("150," "000" of 150,000 in a photo, whose comma leaves a
 * gap), joined again: only when they touch, closer than a third of the number's height.
 */
export function withSplitThousandsJoined(line: Line): Line {
  const words = [...(line.words ?? [])];
  let text = line.text;
  for (let i = words.length - 2; i >= 0; i--) {
    const [w, next] = [words[i]!, words[i + 1]!];
    if (!/^[-+]?\d{1,3}(?:,\d{3})*,$/.test(w.text) || !/^\d{3}(?:\.\d{2})?(?!\d)/.test(next.text)) continue;
    if (next.bbox.x0 - w.bbox.x1 >= (w.bbox.y1 - w.bbox.y0) / 3) continue;
    words.splice(i, 2, {
      ...w,
      text: `${w.text}${next.text}`,
      confidence: Math.min(w.confidence, next.confidence),
      symbols: [...(w.symbols ?? []), ...(next.symbols ?? [])],
      bbox: union([w.bbox, next.bbox]),
    });
    const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`${literal(w.text)}\\s*${literal(next.text)}`), `${w.text}${next.text}`);
  }
  return text === line.text ? line : { ...line, words, text };
}

/**
 * A long number's text without a sign read after it, its last one or two bars as 1s: the full stop's two strokes come
 * back as "1", "l", "I" or "|" in any mix ("…58111l" of "…5811။"), and only their heights tell them from digits.
 */
const numberBody = (text: string) => text.replace(/[.,;:|\]]$/, '').replace(/(?<=\d)[1lI|]{1,2}$/, (bars) => '1'.repeat(bars.length));

/** Below this share of the digits' height, a trailing "1" is the Burmese full stop's two short strokes. */
const STOP_HEIGHT = 0.88;
/**
 * The same for the stop read as another digit ("8"), held to a clearer margin: a digit's box in a small photo may come
 * out a pixel or two short (a phone's last "7" at 14 px of 16), never a quarter of it.
 */
const STOP_AS_DIGIT_HEIGHT = 0.8;

/**
 * A long number without the stop ending it, or null when none is: "။" is drawn as two short bars that sit on the line,
 * while every digit stands as tall as the others. Read as one or two 1s ("…2054။" as "…20541"), or as one other digit
 * (both bars as an "8"), it is shorter than the digits. Judged on tesseract's boxes of each character's ink; at most
 * two 1s (the two bars read apart) or one other digit, and never below ten digits.
 */
export function withoutShortStop(word: Pick<Word, 'text' | 'symbols'>): string | null {
  const symbols = word.symbols ?? [];
  const body = numberBody(word.text);
  if (!/^\d{11,}$/.test(body) || symbols.map((s) => s.text).join('') !== word.text) return null;
  const height = (i: number) => symbols[i]!.bbox.y1 - symbols[i]!.bbox.y0;
  const heights = [...body].map((_, i) => height(i)).sort((a, b) => a - b);
  const digitHeight = heights[Math.floor(heights.length / 2)]!;
  // Small or blurred digits vary by a pixel or three: a stroke counts as short only below every digit before the
  // trailing ones as well.
  const trailing = body.endsWith('1') ? Math.min(2, body.length - body.replace(/1+$/, '').length) : 1;
  const shortest = Math.min(...[...body.slice(0, body.length - trailing)].map((_, i) => height(i)));
  const share = body.endsWith('1') ? STOP_HEIGHT : STOP_AS_DIGIT_HEIGHT;
  const short = (i: number) => height(i) < share * digitHeight && height(i) < shortest;
  let end = body.length;
  while (end > 10 && body.length - end < trailing && short(end - 1)) end--;
  return end < body.length ? body.slice(0, end) : null;
}

const normalizeDigits = (s: string) => s.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040));

const LATIN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const LATIN_MONTH = new RegExp(LATIN_MONTHS.join('|'), 'i');

/**
 * A date in Burmese digits with its month in Latin letters, as one word ("၂၃-Nov-၂၆"): the Burmese data reads the
 * digits and makes signs of the month ("23-?10%-26"), the English data the reverse ("JR-Nov-"). The month is taken
 * from the English reading.
 */
export function withEnglishMonth(burmese: string, english: string): string {
  const month = english.match(LATIN_MONTH)?.[0];
  // A date wrapped after its day ("… Date: ၂၅-" / "Nov-၂၀၂၆"): the line starts with the month, then the year. The
  // Burmese data made signs and digits of the month ("]၀ၿ-၂၀၂၆"); the English word starts with it ("Nov-").
  const monthYear = burmese.match(/^\S*?([-/. ])(\d{4})$/);
  if (month && monthYear && new RegExp(`^${month}\\${monthYear[1]}$`, 'i').test(english)) return `${month}${monthYear[1]}${monthYear[2]}`;
  const parts = burmese.match(/^(\d{1,4})([-/. ])(.+?)\2(\d{2,4})$/);
  if (!month || !parts || LATIN_MONTH.test(parts[3]!)) return burmese;
  if (/^\d{1,2}$/.test(parts[3]!)) {
    // Both readings give a month: the English data may make "Nov" of ၁၁, the Burmese data "၀၈" of Nov. When they
    // disagree, neither is taken: the month is left unread.
    const english = LATIN_MONTHS.indexOf(month.toLowerCase()) + 1;
    return Number(parts[3]) === english ? burmese : `${parts[1]}${parts[2]}?${parts[2]}${parts[4]}`;
  }
  return `${parts[1]}${parts[2]}${month}${parts[2]}${parts[4]}`;
}

/**
 * A line without its success words: one word, or up to three that spaces cut apart ("အောင်" "မြင်ပါသည်", what is
 * left of the word when OCR lost a syllable: "အောင်" "င်ပါ" "သည်"). A word goes only when the words after it do not say
 * success alone, or it is the word's first syllable ("အောင်": what follows may say success alone).
 */
export function withoutSuccessWords(text: string): string {
  const says = (t: string[]) => readStatus([t.join(' ')]).status === 'success';
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const span = [1, 2, 3].find(
      (n) =>
        i + n <= words.length &&
        says(words.slice(i, i + n)) &&
        (n === 1 || !says(words.slice(i + 1, i + n)) || burmeseSkeleton(words[i]!) === 'အင'),
    );
    if (span) i += span - 1;
    else out.push(words[i]!);
  }
  return out.join(' ');
}

/** Burmese words placed on no line, where the English data saw no word at all: kept where they were seen. */
function unplacedWords(lines: Line[], burmeseWords: Word[], used: Set<Word>): Placed[] {
  const english = lines.flatMap((l) => l.words ?? []);
  return burmeseWords
    .filter((b) => !used.has(b) && !english.some((w) => overlaps(b.bbox, w.bbox)))
    .map((b) => ({ text: b.text, bbox: b.bbox }));
}

/** A piece of read text and where it was on the page. */
type Placed = { text: string; bbox: Bbox };

/**
 * The page's text row by row: pieces side by side (a label and its value in one row, which tesseract may give as two
 * lines, in either order) joined left to right, rows top to bottom. A piece joins the row whose first piece's middle
 * is nearest its own, within 0.8 of the taller one's height (Burmese labels sit lower and reach higher than the Latin
 * values beside them), unless it lies above or below a piece already there (a name over its number is two rows).
 */
export function rowsOf(pieces: Placed[]): string[] {
  const mid = (p: Placed) => (p.bbox.y0 + p.bbox.y1) / 2;
  const height = (p: Placed) => p.bbox.y1 - p.bbox.y0;
  const rows: Placed[][] = [];
  for (const p of pieces.filter((x) => x.text.trim()).sort((a, b) => mid(a) - mid(b))) {
    let best: Placed[] | null = null;
    for (const row of rows) {
      const d = Math.abs(mid(row[0]!) - mid(p));
      if (d >= 0.8 * Math.max(height(p), height(row[0]!))) continue;
      // (A lone character is OCR's debris of a mark or an icon more often than text: it blocks nothing.)
      if (row.some((q) => q.text.trim().length > 1 && Math.min(q.bbox.x1, p.bbox.x1) > Math.max(q.bbox.x0, p.bbox.x0))) continue;
      if (!best || d < Math.abs(mid(best[0]!) - mid(p))) best = row;
    }
    if (best) best.push(p);
    else rows.push([p]);
  }
  return rows
    .sort((a, b) => mid(a[0]!) - mid(b[0]!))
    .map((r) =>
      r
        .sort((a, b) => a.bbox.x0 - b.bbox.x0)
        .map((p) => p.text.trim())
        .join('  '),
    );
}

/** Tesseract's `thresholding_method` for Sauvola's local thresholds (0 is Otsu, its default). */
const SAUVOLA = '2';

function lazyScheduler(options: { workers: number }, lang: string, langPath: () => string, psm: keyof typeof PSM) {
  let scheduler: Promise<Scheduler> | null = null;
  const start = async () => {
    // Loaded at the first receipt, not at start: an idle shop keeps the memory (docs/decisions/0024).
    const { createScheduler, createWorker, OEM, PSM } = await import('tesseract.js');
    const s = createScheduler();
    for (let i = 0; i < options.workers; i++) {
      const worker = await createWorker(lang, OEM.LSTM_ONLY, {
        langPath: langPath(),
        gzip: true,
        // Unpacked from node_modules by every worker (~3 MB, milliseconds), never cached on disk: a check process
        // killed while tesseract.js wrote its cache left a truncated file that every later worker failed to load.
        cacheMethod: 'none',
        workerPath: lowPriorityWorkerPath,
        // Without a handler tesseract.js throws a failed job's error out of its message listener, where nothing can
        // catch it; the job's own promise rejects either way.
        errorHandler: () => undefined,
      });
      // The pixels come without a resolution (PGM, below): name one rather than have tesseract guess it and say so
      // on stderr for every image. 72 is what the PNGs it was handed before carried.
      await worker.setParameters({
        tessedit_pageseg_mode: PSM[psm],
        preserve_interword_spaces: '1',
        user_defined_dpi: '72',
        // Tesseract splits ink from page by each pixel's neighbourhood (Sauvola) rather than by one threshold for the
        // page (Otsu): a photo's grey bubble, dimmed at one end, split by one threshold gave no line at all. Its
        // recognition still reads the grey pixels.
        thresholding_method: SAUVOLA,
      });
      s.addWorker(worker);
    }
    return s;
  };
  return {
    get: () =>
      (scheduler ??= start().catch((err: unknown) => {
        scheduler = null;
        throw err;
      })),
    async close() {
      if (!scheduler) return;
      const s = await scheduler.catch(() => null);
      scheduler = null;
      await s?.terminate();
    },
  };
}

/** Whether a text gives no amount, no time, or no transaction id made of digits only. */
function numbersUnread(text: string): boolean {
  const r = readReceipt(text);
  return r.amount === null || r.time === null || !/^\d+$/.test(r.transactionId ?? '');
}

/**
 * Whether the page's lines give one amount, judged on them as the parser cuts and joins them: a balance whose sum
 * wrapped onto the next line ("Your balance is" / "21,350 Ks.") is no second amount.
 */
export function amountReadOnPage(texts: string[]): boolean {
  return readAmount(receiptLines(texts.join('\n'))) !== null;
}

const FIELDS = 5;
/** How many of a receipt's fields a reading gives: amount, id, time, payee and status. */
function fieldsRead(r: ReceiptReading): number {
  return [r.amount, r.transactionId, r.time, r.receiver, r.status].filter((v) => v !== null).length;
}

/** Whether two readings of one page agree on every field both of them read. */
export function sameWhereBothRead(a: ReceiptReading, b: ReceiptReading): boolean {
  const same = <T>(x: T | null, y: T | null) => x === null || y === null || x === y;
  return (
    same(a.amount, b.amount) &&
    same(a.transactionId, b.transactionId) &&
    same(a.time, b.time) &&
    same(a.receiver?.phone ?? null, b.receiver?.phone ?? null) &&
    same(a.status, b.status)
  );
}

/**
 * Reads a receipt with the English data, then with the Burmese data where the English reading shows Burmese:
 * - No status word read: the whole page is read in Burmese, and its Burmese words (two consonants or more, no digits)
 *   replace the English debris they cover; Latin words the English data read with confidence stay.
 * - Whenever the Burmese page is read, first: Latin numbers that the Burmese words of their line threw the English
 *   reading off are read again alone (latin-runs.ts).
 * - Amount lines suspect (a currency with no readable amount, amounts that differ, or the first amount's words read in
 *   Burmese showing Burmese digits): every amount line is read again on its own in Burmese and stands in the text as
 *   "<number> <currency>". The re-read amounts must all agree; where Burmese digits were seen and no amount agreed,
 *   the English number (the English data turns ၃,၀၀၀ into a clean-looking "9,000") is dropped, so the amount is unread.
 * The text comes out row by row as the pieces sat on the page (rowsOf). When that reading gives some fields but not all,
 * the page is read once more as one block of text and the reading that gives more fields is returned, whole. When
 * neither gives every field, the page is prepared again sharpened (a blurred photo) and read sparse once more; that
 * reading is returned only when it gives more fields still and changes none the other gave.
 */
export function createTesseractReader(options: { workers: number; runSharp?: RunSharp }): TextReader {
  const runSharp = options.runSharp ?? runDirectly;
  // Receipts are sparse blocks of text: let tesseract find them anywhere, keep spaces between words.
  const english = lazyScheduler(options, 'eng', englishDataPath, 'SPARSE_TEXT');
  // One amount line at a time.
  const burmese = lazyScheduler(options, 'mya', burmeseDataPath, 'SINGLE_LINE');
  // The whole page, when the English reading found no status word or no label.
  const burmesePage = lazyScheduler(options, 'mya', burmeseDataPath, 'SPARSE_TEXT');
  // The page as one block of text, when the sparse reading left fields unread: an SMS's sentences, whose lines mixing
  // Burmese words and Latin numbers the sparse reading cuts into pieces and loses an id or a date in.
  const englishBlock = lazyScheduler(options, 'eng', englishDataPath, 'SINGLE_BLOCK');

  type Prepared = Awaited<ReturnType<typeof prepare>>;
  const pixelsOf = ({ data, info }: Prepared) => ({
    pixels: data.subarray(data.length - info.width * info.height),
    width: info.width,
    height: info.height,
  });
  /** Stretches of a page already read alone: the sparse and the block reading often ask for the same one. */
  const rectanglesRead = new WeakMap<Prepared, Map<string, Promise<Word[]>>>();
  /** A stretch of the page read alone, as one block of English text. */
  const readRectangle =
    (prepared: Prepared): ReadRectangle =>
    (asked) => {
      const read = rectanglesRead.get(prepared) ?? new Map<string, Promise<Word[]>>();
      rectanglesRead.set(prepared, read);
      const rectangle = readable(asked, prepared.info);
      const key = JSON.stringify(rectangle);
      let words = read.get(key);
      if (!words) {
        words = englishBlock
          .get()
          .then((s) => s.addJob('recognize', prepared.data, { rectangle }, { blocks: true }))
          .then(({ data }) => linesOf(data).flatMap((l) => l.words ?? []));
        read.set(key, words);
      }
      return words;
    };
  /** The Burmese reading of a whole prepared page, done once at most. */
  const burmesePages = new WeakMap<Prepared, Promise<Page>>();
  const burmesePageOnce = (prepared: Prepared) => () => {
    let page = burmesePages.get(prepared);
    if (!page) {
      page = burmesePage
        .get()
        .then((s) => s.addJob('recognize', prepared.data, {}, { text: true, blocks: true }))
        .then((r) => r.data);
      burmesePages.set(prepared, page);
    }
    return page;
  };
  /** One English reading of the page, with the Burmese readings it needs (the Burmese page read once per image). */
  async function readWith(
    scheduler: typeof english,
    prepared: Prepared,
    burmesePageOf: () => Promise<Page>,
  ): Promise<{ text: string; amountDisputed: boolean; stops: string[] }> {
    const { data } = await (await scheduler.get()).addJob('recognize', prepared.data, {}, { text: true, blocks: true });
    let lines = linesOf(data).map((l) => withSplitThousandsJoined(withSplitStopJoined(l)));
    const stops = numbersEndedByStop(lines, []);
    // No status word read in English: the screen prints its words in Burmese (the English data makes them debris).
    // The whole page is read again with the Burmese data and its Burmese words take the debris' place. (Also doing
    // so when no label was read changed no verdict on the own corpus: the status decides.)
    const wordsNeedBurmese = readStatus(receiptLines(data.text)).status === null;
    // The status read but not the amount, the id or the time: they may be printed in Burmese digits, which the English data makes
    // letters and other digits of ("JR Nov JoJe" of ၂၃ Nov ၂၀၂၆). The Burmese page reading's numbers take their place;
    // the words stay as the English data read them.
    const numbersNeedBurmese = !wordsNeedBurmese && numbersUnread(data.text);
    let texts = lines.map((l) =>
      (l.words ?? []).reduce((text, w) => text.replace(w.text, withoutFullStop(w, [])), l.text.replace(/\n$/, '')),
    );
    let extra: Placed[] = [];
    // Lines where a number of the Burmese page reading stands in for what the English data read.
    const numbered = new Set<number>();
    let amountDisputed = false;
    if (wordsNeedBurmese || numbersNeedBurmese) {
      const page = await burmesePageOf();
      const pageAll = linesOf(page).flatMap((l) => l.words ?? []);
      amountDisputed = lines.some((l) => amountLineCurrency(l.text) !== null && disputedAmount(l, pageAll));
      lines = await withLatinRunsReread(lines, pageAll, pixelsOf(prepared), readRectangle(prepared), LATIN_CONFIDENCE);
      stops.push(...numbersEndedByStop(lines, pageAll));
      const pageWords = wordsNeedBurmese ? linesOf(page).flatMap(burmeseWordsOf) : [];
      const pageNumbers = linesOf(page).flatMap(burmeseNumbersOf);
      const used = new Set<Word>();
      texts = lines.map((l, i) => {
        const before = used.size;
        const text = withBurmeseWords(l, pageWords, pageAll, pageNumbers, used, !wordsNeedBurmese);
        if ([...used].slice(before).some((w) => pageNumbers.includes(w))) numbered.add(i);
        return text;
      });
      extra = unplacedWords(lines, [...pageWords, ...pageNumbers.filter((n) => !n.pair)], used);
      // A success word only the Burmese page reading saw must be seen again: the Burmese line it was read on is read
      // alone (which keeps a "မ" the page reading may lose), with the line above it (a "not" a sentence wrapped before
      // the word: "… ငွေလွှဲခြင်း မ" / "အောင်မြင်ပါ"). Success words on no line that said success again go (unread);
      // the rest of their line stays (a payee, an amount). A line that said another status alone is kept as it said it.
      if (wordsNeedBurmese && readStatus(receiptLines([...texts, ...extra.map((e) => e.text)].join('\n'))).status === 'success') {
        const readLine = await burmese.get();
        // A tall line's margin may take in parts of the lines above and below, and then tesseract reads no line at all:
        // read again within the line's own box.
        const readAlone = async (box: Bbox) => {
          const { data } = await readLine.addJob('recognize', prepared.data, { rectangle: around(box, prepared.info) });
          if (data.text.trim()) return data.text;
          return (await readLine.addJob('recognize', prepared.data, { rectangle: around(box, prepared.info, 0) })).data.text;
        };
        const pageLines = linesOf(page);
        const confirmed: Bbox[] = [];
        const saysSuccess = (line: Line) => {
          const words = burmeseWordsOf(line).map((w) => w.text);
          return readStatus([words.join(' ')]).status === 'success';
        };
        for (const line of pageLines.filter(saysSuccess)) {
          let again = await readAlone(line.bbox);
          // Lines of a tilted bubble overlap: with its margin a line may read as a few signs of its neighbours ("11").
          // Read once more with the margin to its sides only, which keeps a "not" at its start in view.
          if (readStatus(receiptLines(again)).status === null) {
            again = (await readLine.addJob('recognize', prepared.data, { rectangle: around(line.bbox, prepared.info, 1 / 3, 0) })).data
              .text;
          }
          const above = lineAbove(pageLines, line);
          const before = above ? await readAlone(above.bbox) : '';
          const status = readStatus(receiptLines(`${before}\n${again}`)).status;
          // A success word starting its line, after a line that ends in ink the Burmese reading made no word of: the
          // "not" (မ) a wrap parted from it may be that ink (the English data makes debris of it). Unconfirmed: the
          // status is unread.
          const firstWord = (line.words ?? [])[0];
          const startsLine = firstWord !== undefined && readStatus([firstWord.text]).status === 'success';
          const unseenEnd = startsLine && above !== null && inkPastWords(pixelsOf(prepared), above.bbox, pageAll);
          if (status === 'success' && !unseenEnd) confirmed.push(line.bbox);
          else if (status) extra.push({ text: again.trim(), bbox: line.bbox });
        }
        const seenAgain = (box: Bbox) => confirmed.some((c) => overlaps(c, box));
        texts = texts.map((text, i) => (seenAgain(lines[i]!.bbox) ? text : withoutSuccessWords(text)));
        extra = extra.map((e) => (seenAgain(e.bbox) ? e : { ...e, text: withoutSuccessWords(e.text) }));
      }
    }
    // Amount lines judged on the text as it now reads: a currency word in Burmese (ကျပ်) beside digits the English
    // data made of Burmese ones ("60,000" for ၄၈,၀၀၀) is suspect too.
    const amountsNeedBurmese = amountsSuspect(lines.map((l, i) => ({ ...l, text: texts[i]! })));
    const placed = (text: string, i: number): Placed => ({ text, bbox: lines[i]!.bbox });
    const done = (rows: Placed[]) => ({ text: rowsOf(rows).join('\n'), amountDisputed, stops });
    if (!amountsNeedBurmese && !wordsNeedBurmese && !numbersNeedBurmese) return done([...texts.map(placed), ...extra]);

    const readBurmese = await burmese.get();
    const reread = new Map<number, AmountReread>();
    if (amountsNeedBurmese) {
      const pageAmountAgrees = amountReadOnPage(texts);
      for (const [i, line] of lines.entries()) {
        const currency = amountLineCurrency(texts[i]!);
        // An amount the Burmese page reading gave is not read again when the page's amounts agree: the line read alone
        // often loses it. A page reading that left two amounts (a headline read in part) is read again as before.
        if (!currency || (numbered.has(i) && pageAmountAgrees)) continue;
        const { data: again } = await readBurmese.addJob('recognize', prepared.data, {
          rectangle: around(amountBox(line), prepared.info),
        });
        reread.set(i, amountReread(again.text, currency));
      }
    }
    const amounts = [...reread.values()].map((r) => r.amount).filter((a): a is string => a !== null);
    const agreed = amounts.length > 0 && readAmount(amounts) !== null;
    const rows = texts.map((text, i) => {
      const again = reread.get(i);
      // The rest of the line (an SMS sentence's payee and id) is kept either way.
      return placed(again ? amountLineAfterReread({ ...lines[i]!, text }, again, agreed) : text, i);
    });
    return done([...rows, ...extra]);
  }

  return {
    async read(image) {
      const prepared = await runSharp(() => prepare(image));
      let amountDisputed = false;
      const stops = new Set<string>();
      // Each text is parsed once; the reading that gives more fields is returned, judged whole.
      const read = async (scheduler: typeof english, page: Prepared) => {
        const { text, amountDisputed: disputed, stops: ended } = await readWith(scheduler, page, burmesePageOnce(page));
        amountDisputed ||= disputed;
        ended.forEach((n) => stops.add(n));
        const reading = readReceipt(text);
        return { text, reading, fields: fieldsRead(reading) };
      };
      const pick = async () => {
        const sparse = await read(english, prepared);
        // Nothing read at all is no receipt (a game, a blank picture): read once, it costs a non-receipt no more.
        if (sparse.fields === FIELDS || sparse.fields === 0) return sparse.text;
        const block = await read(englishBlock, prepared);
        // The reading that found more; each is judged whole, never a field from one and a field from the other.
        const best = block.fields > sparse.fields ? block : sparse;
        if (best.fields === FIELDS) return best.text;
        // Still a field short: a blurred photo of a screen, whose letters read better sharpened. (Sharpening every
        // image loses sharp screenshots: their letters' edges ring.)
        const again = await read(english, await runSharp(() => prepare(image, { sharpen: true })));
        // It may add fields, never change one: a digit the sharpened letters read otherwise ("25" of 23) is a doubt.
        return again.fields > best.fields && sameWhereBothRead(best.reading, again.reading) ? again.text : best.text;
      };
      const text = await pick();
      // An amount the two OCR data disagreed on in one reading is in doubt in all of them: another reading may have
      // read it either way. The headline and the row print the same amount: no line gives it.
      // A number one reading saw end at the Burmese full stop ends there in all of them: another reading, whose boxes
      // showed the stop as tall as a digit, may be the one returned.
      return withStopsDropped(amountDisputed ? withoutAmounts(text) : text, stops);
    },
    async close() {
      await Promise.all([english.close(), englishBlock.close(), burmese.close(), burmesePage.close()]);
    },
  };
}
