// Which stored file names rows still point at; only this file knows every column that holds a file name.
import type { Db } from '../../db/database.ts';

/** Of `names`, those some row refers to in the private bucket (payment screenshots). */
export async function referencedScreenshots(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('screenshot as name').where('screenshot', 'in', names).execute();
  return new Set(rows.map((r) => r.name));
}

/** Of `names`, those some row refers to in the public bucket (catalog images, order snapshots, payment logos, the shop's logo). */
export async function referencedPublicImages(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const found = await Promise.all([
    db.selectFrom('games').select('logo as name').where('logo', 'in', names).execute(),
    db.selectFrom('games').select('banner_image as name').where('banner_image', 'in', names).execute(),
    db.selectFrom('games').select('game_profile_image as name').where('game_profile_image', 'in', names).execute(),
    db.selectFrom('token_packages').select('package_image as name').where('package_image', 'in', names).execute(),
    db.selectFrom('orders').select('package_image as name').where('package_image', 'in', names).execute(),
    db.selectFrom('config_settings').select('logo as name').where('logo', 'in', names).execute(),
    // The shop's own logo (shop settings, migration 0008).
    db.selectFrom('shop_settings').select('logo as name').where('logo', 'in', names).execute(),
  ]);
  return new Set(
    found
      .flat()
      .map((r) => r.name)
      .filter((n): n is string => !!n),
  );
}
