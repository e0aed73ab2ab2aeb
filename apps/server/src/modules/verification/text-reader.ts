// OCR with tesseract.js, English data from the npm package @tesseract.js-data/eng and Burmese data from
// @tesseract.js-data/mya (both read from node_modules, never fetched or cached elsewhere). Each tesseract worker is a
// worker thread at the lowest CPU priority (ocr-worker.mjs), so recognising text never blocks the event loop nor
// takes a core from it; sharp's pre-processing runs on libuv's thread pool, one job at a time through the image-work
// limiter when the caller gives one. The server runs all of it in a check process (image-sandbox.ts).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Bbox, Line, Page, PSM, Scheduler } from 'tesseract.js';
import {
  type AmountReread,
  amountLineAfterReread,
  amountReread,
  amountLineCurrency,
  amountsSuspect,
  isCurrencyWord,
  readableInEnglish,
  readAmount,
  readStatus,
  receiptLines,
} from './receipt-text.ts';

/** English line confidence below which a line without digits is read again with the Burmese data. */
const WORD_CONFIDENCE = 75;
const MAX_WORD_REREADS = 14;

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
 * grey levels; tesseract's own thresholding copes better with those than one global threshold here would. No contrast
 * stretch: tesseract's threshold is taken from the histogram, which a linear stretch hardly moves, and sharp's
 * normalise() was 40 % of the pre-processing (0701, "Cheaper pre-processing").
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
const MAX_OCR_WIDTH = 1200;
/**
 * Only the top of a longer image is read: at most this many times its (scaled) width. A phone screen is about 1:2.2;
 * the OCR's time grows with the area, and tesseract refuses a side over 32,767 px outright (a 40 × 3000 image scaled
 * to 600 wide was 45,000 high).
 */
export const MAX_READ_ASPECT = 3;

/** What preparing an image did (the bench counts it). */
export type PrepareSteps = { inverted: boolean; deskewDeg: number };

async function prepare(image: Buffer) {
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
  // (Its own rounding of the scaled height may differ from ours by a pixel: crop only what is surely there.)
  if (scaledHeight > readHeight + 1) pipeline = pipeline.extract({ left: 0, top: 0, width: target, height: readHeight });
  const rgb = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = rgb.info.width * rgb.info.height;
  const channels = rgb.info.channels;
  let data = Buffer.alloc(pixels);
  let info = { width: rgb.info.width, height: rgb.info.height };
  for (let i = 0, j = 0; i < pixels; i++, j += channels) {
    data[i] = Math.round(0.2126 * rgb.data[j]! + 0.7152 * rgb.data[j + 1]! + 0.0722 * rgb.data[j + 2]!);
  }
  const steps: PrepareSteps = { inverted: false, deskewDeg: 0 };
  // Dark mode: light text on a dark background, which tesseract's LSTM reads far worse. Inverted, and from the
  // brightest channel rather than the luminance: a coloured status line (purple, green, red) on a dark card is
  // nearly as dark as the card in luminance, but far brighter in its own colour.
  if (meanOf(data) < DARK_MEAN) {
    for (let i = 0, j = 0; i < pixels; i++, j += channels) data[i] = 255 - Math.max(rgb.data[j]!, rgb.data[j + 1]!, rgb.data[j + 2]!);
    steps.inverted = true;
  }
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

/** The line's box with a margin of a third of its height, inside the image. */
function around(box: Bbox, image: { width: number; height: number }) {
  const margin = Math.round((box.y1 - box.y0) / 3);
  const left = Math.max(0, box.x0 - margin);
  const top = Math.max(0, box.y0 - margin);
  return { left, top, width: Math.min(image.width, box.x1 + margin) - left, height: Math.min(image.height, box.y1 + margin) - top };
}

/**
 * Where a line's amount is: the whole line when it is short (a headline, an amount row), else the words before (or
 * after) its currency word: an SMS sentence read again whole in Burmese gives the number somewhere in its middle.
 */
function amountBox(line: Line): Bbox {
  const words = line.words ?? [];
  if (words.length <= 3) return line.bbox;
  const at = words.findIndex((w) => isCurrencyWord(w.text));
  if (at < 0) return line.bbox;
  const picked = /\d/.test(words[at]!.text)
    ? [words[at]!]
    : at > 0
      ? words.slice(Math.max(0, at - (/^[-+]$/.test(words[at - 2]?.text ?? '') ? 2 : 1)), at)
      : words.slice(at + 1, at + 2);
  if (!picked.length) return line.bbox;
  return {
    x0: Math.min(...picked.map((w) => w.bbox.x0)),
    y0: Math.min(line.bbox.y0, ...picked.map((w) => w.bbox.y0)),
    x1: Math.max(...picked.map((w) => w.bbox.x1)),
    y1: Math.max(line.bbox.y1, ...picked.map((w) => w.bbox.y1)),
  };
}

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

/**
 * Reads a receipt with the English data. When its amount lines are suspect (a currency with no readable amount, or
 * amounts that differ: Burmese digits ၀–၉, which the English data can't read), every amount line is read again on
 * its own with the Burmese data and stands in the text as "<number> <currency>"; the English reading of those lines
 * is dropped either way (it can turn ၅,၅၀၀ into "9.900"). The re-read amounts must all agree, else none is kept and
 * the amount is unreadable. Ordinary receipts never load the Burmese data.
 */
export function createTesseractReader(options: { workers: number; runSharp?: RunSharp }): TextReader {
  const runSharp = options.runSharp ?? runDirectly;
  // Receipts are sparse blocks of text: let tesseract find them anywhere, keep spaces between words.
  const english = lazyScheduler(options, 'eng', englishDataPath, 'SPARSE_TEXT');
  // One amount line at a time.
  const burmese = lazyScheduler(options, 'mya', burmeseDataPath, 'SINGLE_LINE');
  return {
    async read(image) {
      const readEnglish = await english.get();
      const prepared = await runSharp(() => prepare(image));
      const { data } = await readEnglish.addJob('recognize', prepared.data, {}, { text: true, blocks: true });
      const lines = linesOf(data);
      const amountsNeedBurmese = amountsSuspect(lines);
      // No status word read in English: the screen prints its words in Burmese (the English data makes them debris).
      const wordsNeedBurmese = readStatus(receiptLines(data.text)).status === null;
      if (!amountsNeedBurmese && !wordsNeedBurmese) return data.text;

      const readBurmese = await burmese.get();
      const reread = new Map<Line, AmountReread>();
      const rereadWords = new Map<Line, string>();
      if (amountsNeedBurmese) {
        for (const line of lines) {
          const currency = amountLineCurrency(line.text);
          if (!currency) continue;
          const { data: again } = await readBurmese.addJob('recognize', prepared.data, {
            rectangle: around(amountBox(line), prepared.info),
          });
          reread.set(line, amountReread(again.text, currency));
        }
      }
      if (wordsNeedBurmese) {
        // Lines the English data read with low confidence and no digits: labels and status words in Burmese. At
        // most MAX_WORD_REREADS of them, the least confident first.
        const doubtful = lines
          .filter((l) => !reread.has(l) && l.confidence < WORD_CONFIDENCE && !readableInEnglish(l.text))
          .sort((a, b) => a.confidence - b.confidence)
          .slice(0, MAX_WORD_REREADS);
        for (const line of doubtful) {
          const { data: again } = await readBurmese.addJob('recognize', prepared.data, { rectangle: around(line.bbox, prepared.info) });
          const text = again.text.trim();
          // Words only: digits the Burmese data reads in a line of Latin digits are guesses (a phone, an id), so a
          // line whose English reading had digits keeps it unless the Burmese one has none.
          const digitsGuessed = /\d{2}/.test(line.text) && /[\d\u1040-\u1049]/.test(text);
          if (!digitsGuessed && (text.match(/[\u1000-\u102a\u103f\u104c-\u104f]/g) ?? []).length >= 2) rereadWords.set(line, text);
        }
      }
      const amounts = [...reread.values()].map((r) => r.amount).filter((a): a is string => a !== null);
      const agreed = amounts.length > 0 && readAmount(amounts) !== null;
      return lines
        .map((l) => {
          const english = l.text.replace(/\n$/, '');
          const again = reread.get(l);
          if (!again) return rereadWords.get(l) ?? english;
          // The rest of the line (an SMS sentence's payee and id) is kept either way.
          return amountLineAfterReread(l, again, agreed);
        })
        .join('\n');
    },
    async close() {
      await Promise.all([english.close(), burmese.close()]);
    },
  };
}
