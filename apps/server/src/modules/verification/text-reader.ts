// OCR with tesseract.js, English data from the npm package @tesseract.js-data/eng (read from node_modules, never
// fetched), cached unpacked under DATA_DIR. Each tesseract worker is a worker thread, so recognising text never blocks
// the event loop; sharp's pre-processing runs on libuv's thread pool.
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';

export interface TextReader {
  /** The text of a receipt image. */
  read(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The folder holding eng.traineddata.gz inside the installed npm package. */
export function englishDataPath(): string {
  const pkg = require('@tesseract.js-data/eng') as { langPath: string };
  return pkg.langPath;
}

/**
 * Grey, scaled to a width tesseract reads phone text well at (text ~30 px high), contrast stretched. Colours of
 * wallet headers (white on blue or red) survive as grey levels; tesseract's own thresholding copes better with
 * those than one global threshold here would.
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image, { limitInputPixels: 40_000_000 }).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1000;
  const target = Math.max(900, Math.min(1600, width));
  return sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize({ width: target, kernel: 'lanczos3' })
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export function createTesseractReader(options: { cacheDir: string; workers: number }): TextReader {
  let scheduler: Promise<Scheduler> | null = null;
  const start = async () => {
    await mkdir(options.cacheDir, { recursive: true });
    const s = createScheduler();
    for (let i = 0; i < options.workers; i++) {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishDataPath(),
        cachePath: options.cacheDir,
        gzip: true,
      });
      // Receipts are sparse blocks of text: let tesseract find them anywhere, keep spaces between words.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1' });
      s.addWorker(worker);
    }
    return s;
  };
  return {
    async read(image) {
      scheduler ??= start().catch((err: unknown) => {
        scheduler = null;
        throw err;
      });
      const ready = await scheduler;
      const prepared = await prepareForOcr(image);
      const { data } = await ready.addJob('recognize', prepared);
      return data.text;
    },
    async close() {
      if (!scheduler) return;
      const s = await scheduler.catch(() => null);
      scheduler = null;
      await s?.terminate();
    },
  };
}

export const defaultOcrCacheDir = (dataDir: string) => path.join(dataDir, 'tesseract');
