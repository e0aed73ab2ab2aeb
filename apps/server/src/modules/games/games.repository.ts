// Games in the database: the public and admin lists, the banner list, one game, and its writes.
import type { Db } from '../../db/database.ts';
import { ilike } from '../../db/database.ts';
import type { GamesTable } from '../../db/schema.ts';

export type GameFilter = { searchTerm: string; includeDisabled: boolean };

function filtered(db: Db, filter: GameFilter) {
  let query = db.selectFrom('games');
  if (!filter.includeDisabled) query = query.where('is_disable', '=', 0);
  if (filter.searchTerm) query = query.where(ilike('title', filter.searchTerm));
  return query;
}

export function listGames(db: Db, filter: GameFilter, offset: number, limit: number) {
  return filtered(db, filter).selectAll().orderBy('order_index').orderBy('created_at').orderBy('id').offset(offset).limit(limit).execute();
}

export function countGames(db: Db, filter: GameFilter): Promise<number> {
  return filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Enabled games that have a banner image, in display order. */
export function listBannerGames(db: Db, limit: number) {
  return db
    .selectFrom('games')
    .selectAll()
    .where('is_disable', '=', 0)
    .where('banner_image', 'is not', null)
    .where('banner_image', '!=', '')
    .orderBy('order_index')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findGame(db: Db, id: string) {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGame(db: Db, row: GamesTable) {
  await db.insertInto('games').values(row).execute();
}

export async function updateGame(db: Db, id: string, changes: Partial<Omit<GamesTable, 'id' | 'created_at'>>) {
  await db.updateTable('games').set(changes).where('id', '=', id).execute();
}

/** Deletes the game; its packages go with it (FK cascade) and orders keep their snapshot (game_id set null). */
export async function deleteGame(db: Db, id: string) {
  await db.deleteFrom('games').where('id', '=', id).execute();
}
