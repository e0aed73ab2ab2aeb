// Accepts PNG, JPEG, WebP or GIF by content, decodes and re-encodes it (dropping all metadata), and refuses huge images.
//
// Two steps: `inspectImage` reads only the type and the header (microseconds, in JavaScript: no decoding, no wait in
// libuv's pool) and refuses anything whose frames × pixels exceed the limit; `cleanImage` then re-encodes inside the
// shared image-work limiter.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';
import { readImageSize } from './image-header.ts';
import type { ImageWork } from './image-work.ts';

// libvips' operation cache (default up to 50 MB) only helps when the same image is processed again; every upload and
// seed image here is new, so it was pure resident memory (idle RSS after the demo seed: 211 MB, docs/decisions/0019).
sharp.cache(false);

/** 40 megapixels over all frames: far above any phone screenshot or catalog art, far below a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const FORMATS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export type ImageExt = (typeof FORMATS)[keyof typeof FORMATS];
export type CleanImage = { data: Buffer; ext: ImageExt; width: number; height: number };

/**
 * `still`: keep the first frame only, as PNG. Payment screenshots are stills: a buyer gains nothing from an animated
 * one, and re-encoding every frame of a GIF costs seconds of CPU (docs/decisions/0031).
 * `animated`: keep every frame; animations are re-encoded as WebP, several times cheaper to encode than GIF.
 */
export type ImageMode = 'still' | 'animated';

export type ImageHeader = { ext: ImageExt; width: number; frameHeight: number; frames: number };

/** Type and size from the header only; throws a 400 AppError naming `field` when unacceptable. Decodes nothing. */
export async function inspectImage(field: string, input: Buffer): Promise<ImageHeader> {
  const type = await fileTypeFromBuffer(input);
  const ext = type ? FORMATS[type.mime as keyof typeof FORMATS] : undefined;
  if (!ext) throw AppError.field(field, MSG.imageInvalid);
  const size = readImageSize(ext, input);
  if (!size) throw AppError.field(field, MSG.imageInvalid);
  const { width, frameHeight, frames } = size;
  // Counted over every frame: a 60-frame 1000×1000 GIF is 60 megapixels of decoding, not 1.
  if (width * frameHeight * frames > MAX_IMAGE_PIXELS) throw AppError.field(field, MSG.imageTooManyPixels);
  return { ext, width, frameHeight, frames };
}

/**
 * A payment screenshot is a phone screen (about 1:2, a long scrolling capture up to about 1:5): anything more than
 * this many times longer than wide, or wider than long, is no receipt. Beyond it the OCR would read an image tens of
 * thousands of pixels long (a 40 × 3000 one scaled to 600 wide was 45,000 high, more than tesseract accepts, and a
 * 600 × 31,275 one held a check worker for minutes).
 */
export const MAX_SCREENSHOT_ASPECT = 6;

/** Why a screenshot of this size is refused, for staff; null when its shape is acceptable. */
export function screenshotShapeProblem(width: number, height: number): string | null {
  if (width <= 0 || height <= 0) return 'The screenshot has no pixels.';
  const ratio = Math.max(width / height, height / width);
  return ratio > MAX_SCREENSHOT_ASPECT ? `The screenshot is ${width} × ${height} px: too long or too narrow to be a payment screen.` : null;
}

/** inspectImage, plus the shape of a payment screenshot (MAX_SCREENSHOT_ASPECT), from the header only. */
export async function inspectScreenshot(field: string, input: Buffer): Promise<ImageHeader> {
  const header = await inspectImage(field, input);
  if (screenshotShapeProblem(header.width, header.frameHeight)) throw AppError.field(field, MSG.screenshotShape);
  return header;
}

/** Throws a 400 AppError naming `field` when the bytes are not an acceptable image; re-encodes inside `work`. */
export async function cleanImage(
  field: string,
  input: Buffer,
  options: { mode: ImageMode; work: ImageWork; source: string },
): Promise<CleanImage> {
  const header = await inspectImage(field, input);
  const animated = options.mode === 'animated' && header.frames > 1;
  return options.work.run(options.source, async () => {
    try {
      const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', animated, pages: animated ? -1 : 1 });
      const pipeline = image.rotate();
      // Keep the format of a still (GIF stills become PNG: same lossless pixels, no palette encoder).
      const ext: ImageExt = animated ? 'webp' : header.ext === 'gif' ? 'png' : header.ext;
      const encoded =
        ext === 'png'
          ? pipeline.png({ compressionLevel: 6 })
          : ext === 'jpg'
            ? pipeline.jpeg({ quality: 85 })
            : pipeline.webp({ quality: 85, effort: animated ? 2 : 4 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, ext, width: info.width, height: animated ? header.frameHeight : info.height };
    } catch (err) {
      const message = String((err as Error).message);
      if (/pixel limit/i.test(message)) throw AppError.field(field, MSG.imageTooManyPixels);
      throw AppError.field(field, MSG.imageInvalid);
    }
  });
}
