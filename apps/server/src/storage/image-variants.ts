// Resized WebP copies of catalog images, made on first request and kept on disk, so a phone downloads an image
// at the size it is shown. Only a fixed set of widths exists, so a client can't make the server resize at will.
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageWork } from './image-work.ts';

export { IMAGE_VARIANT_WIDTHS as VARIANT_WIDTHS } from '@topup/contract/limits';
export const VARIANT_PREFIX = '/img/';

export function variantDir(publicRoot: string, name: string): string {
  return path.join(publicRoot, '.variants', name);
}

export function createVariantMaker(publicRoot: string, work: ImageWork) {
  const inFlight = new Map<string, Promise<string>>();

  async function make(source: string, name: string, width: number): Promise<string> {
    const dir = variantDir(publicRoot, name);
    const target = path.join(dir, `${width}.webp`);
    try {
      await stat(target);
      return target;
    } catch {
      // not made yet
    }
    await mkdir(dir, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await work.run('variants', () =>
      sharp(source, { animated: true })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toFile(temp),
    );
    await rename(temp, target);
    return target;
  }

  return {
    /** The path of the variant, made now if it doesn't exist (concurrent requests share one resize). */
    variant(source: string, name: string, width: number): Promise<string> {
      const key = `${name}:${width}`;
      let job = inFlight.get(key);
      if (!job) {
        job = make(source, name, width).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      return job;
    },
  };
}

export async function removeVariants(publicRoot: string, name: string): Promise<void> {
  await rm(variantDir(publicRoot, name), { recursive: true, force: true });
}
