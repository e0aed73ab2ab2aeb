// Resized WebP copies of catalog images, made on first request and kept in a folder on this instance's disk, so a
// phone downloads an image at the size it is shown. Only a fixed set of widths exists, so a client can't make the
// server resize at will. The original is read through the file storage (a local folder or a shared bucket); the
// copies are a cache: each instance makes its own, and the orphan sweep removes those whose original is gone.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { isStoredName, type FileStorage } from './file-storage.ts';
import type { ImageWork } from './image-work.ts';

export { IMAGE_VARIANT_WIDTHS as VARIANT_WIDTHS } from '@topup/contract/limits';
export const VARIANT_PREFIX = '/img/';

export type VariantCache = {
  /** The folder of the copies: `<name>/<width>.webp` under it. */
  readonly root: string;
  /** The path of the copy, made now if it doesn't exist (concurrent requests share one resize); null when the original is gone. */
  variant(name: string, width: number): Promise<string | null>;
  /** Removes every copy of `name`. */
  forget(name: string): Promise<void>;
  /** The names that have copies, and when their folder was last changed. */
  list(): Promise<Array<{ name: string; file: string; modifiedMs: number }>>;
};

export function createVariantCache(root: string, storage: FileStorage, work: ImageWork): VariantCache {
  const inFlight = new Map<string, Promise<string | null>>();
  const dirOf = (name: string) => path.join(root, name);

  async function make(name: string, width: number): Promise<string | null> {
    const dir = dirOf(name);
    const target = path.join(dir, `${width}.webp`);
    try {
      await stat(target);
      return target;
    } catch {
      // not made yet
    }
    const source = await storage.read('public', name);
    if (!source) return null;
    await mkdir(dir, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await work.run('variants', () =>
      sharp(source, { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 80, effort: 4 }).toFile(temp),
    );
    await rename(temp, target);
    return target;
  }

  return {
    root,
    variant(name, width) {
      if (!isStoredName(name)) return Promise.resolve(null);
      const key = `${name}:${width}`;
      let job = inFlight.get(key);
      if (!job) {
        job = make(name, width).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      return job;
    },
    async forget(name) {
      await rm(dirOf(name), { recursive: true, force: true });
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return []; // none made yet
      }
      const found = [];
      for (const name of names) {
        const info = await stat(dirOf(name)).catch(() => null);
        if (info?.isDirectory()) found.push({ name, file: dirOf(name), modifiedMs: info.mtimeMs });
      }
      return found;
    },
  };
}
