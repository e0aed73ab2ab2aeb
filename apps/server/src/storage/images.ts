// Accepts PNG, JPEG, WebP or GIF by content, decodes and re-encodes it (dropping all metadata), and refuses huge images.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';

/** 40 megapixels: far above any phone screenshot or catalog art, far below a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const FORMATS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export type CleanImage = { data: Buffer; ext: (typeof FORMATS)[keyof typeof FORMATS]; width: number; height: number };

/** Throws a 400 AppError naming `field` when the bytes are not an acceptable image. */
export async function cleanImage(field: string, input: Buffer): Promise<CleanImage> {
  const type = await fileTypeFromBuffer(input);
  const ext = type ? FORMATS[type.mime as keyof typeof FORMATS] : undefined;
  if (!ext) throw AppError.field(field, MSG.imageInvalid);

  const animated = ext === 'gif' || ext === 'webp';
  try {
    const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', animated });
    const meta = await image.metadata();
    const pipeline = image.rotate();
    const encoded =
      ext === 'png'
        ? pipeline.png({ compressionLevel: 6 })
        : ext === 'jpg'
          ? pipeline.jpeg({ quality: 85 })
          : ext === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: meta.pageHeight ?? info.height };
  } catch (err) {
    const message = String((err as Error).message);
    if (/pixel limit/i.test(message)) throw AppError.field(field, MSG.imageTooManyPixels);
    throw AppError.field(field, MSG.imageInvalid);
  }
}
