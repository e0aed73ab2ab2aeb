// Turns stored file names into URLs a browser can load, and stores, replaces and releases images in one place.
import type { Db } from '../db/database.ts';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';
import { cleanImage, inspectScreenshot } from './images.ts';
import { stripMetadata } from './strip-metadata.ts';
import type { Bucket, FileStorage } from './file-storage.ts';
import type { VariantCache } from './image-variants.ts';
import type { ImageWork } from './image-work.ts';
import type { UrlSigner } from './signed-urls.ts';

export const PUBLIC_PREFIX = '/uploads/';
export const SCREENSHOT_PREFIX = '/api/v1/files/screenshots/';

export type Media = ReturnType<typeof createMedia>;

export function createMedia(
  storage: FileStorage,
  signer: UrlSigner,
  publicUrl: string | undefined,
  work: ImageWork,
  variants: VariantCache,
) {
  const base = publicUrl ?? '';
  /** A public image goes with its resized copies. */
  const remove = async (bucket: Bucket, name: string) => {
    await storage.remove(bucket, name);
    if (bucket === 'public') await variants.forget(name);
  };
  return {
    storage,
    variants,
    /** Root-relative by default, absolute when PUBLIC_URL is set (docs/api.md). */
    publicUrl(name: string | null): string | null {
      return name ? `${base}${PUBLIC_PREFIX}${name}` : null;
    },
    screenshotUrl(name: string | null): string | null {
      if (!name) return null;
      const { expires, sig } = signer.sign(name);
      return `${base}${SCREENSHOT_PREFIX}${name}?expires=${expires}&sig=${sig}`;
    },
    /**
     * Checks, re-encodes and stores an uploaded image; returns its stored name. `source` (the client's address)
     * is whose turn it is in the image-work queue. Screenshots keep one frame; catalog images keep animation.
     */
    async storeImage(bucket: Bucket, field: string, data: Buffer, source = 'staff'): Promise<string> {
      if (bucket === 'private') await inspectScreenshot(field, data);
      const image = await cleanImage(field, data, { mode: bucket === 'private' ? 'still' : 'animated', work, source });
      return storage.save(bucket, image.data, image.ext);
    },
    /**
     * Stores a payment screenshot after the cheap checks (type, header, pixel count, shape) with its metadata dropped byte
     * by byte (EXIF, GPS, text: storage/strip-metadata.ts), so no copy with them is ever stored or shown; the
     * verification pipeline re-encodes it afterwards. Returns its stored name.
     */
    async storeScreenshot(field: string, data: Buffer): Promise<string> {
      const header = await inspectScreenshot(field, data);
      const clean = stripMetadata(header.ext, data);
      if (!clean) throw AppError.field(field, MSG.imageInvalid);
      return storage.save('private', clean, header.ext);
    },
    /** Removes files unconditionally: used to undo the files of a request that failed. */
    async discard(bucket: Bucket, names: Array<string | null | undefined>): Promise<void> {
      await Promise.all(names.filter((n): n is string => !!n).map((n) => remove(bucket, n)));
    },
    /**
     * Removes public images that no row points at any more. Order snapshots share package images,
     * so a package's old image stays while an order still shows it.
     */
    async releasePublic(db: Db, names: Array<string | null | undefined>): Promise<void> {
      for (const name of new Set(names.filter((n): n is string => !!n))) {
        if (!(await isReferenced(db, name))) await remove('public', name);
      }
    },
  };
}

async function isReferenced(db: Db, name: string): Promise<boolean> {
  const checks = [
    () => db.selectFrom('orders').select('id').where('package_image', '=', name).limit(1).executeTakeFirst(),
    () => db.selectFrom('token_packages').select('id').where('package_image', '=', name).limit(1).executeTakeFirst(),
    () => db.selectFrom('config_settings').select('id').where('logo', '=', name).limit(1).executeTakeFirst(),
    () => db.selectFrom('shop_settings').select('id').where('logo', '=', name).limit(1).executeTakeFirst(),
    () =>
      db
        .selectFrom('games')
        .select('id')
        .where((eb) => eb.or([eb('logo', '=', name), eb('banner_image', '=', name), eb('game_profile_image', '=', name)]))
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) {
    if (await check()) return true;
  }
  return false;
}
