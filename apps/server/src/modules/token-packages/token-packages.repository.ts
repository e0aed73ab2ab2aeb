// Token packages in the database, always read together with their game's title (and state, for pricing).
import type { Db } from '../../db/database.ts';
import { ilike } from '../../db/database.ts';
import type { TokenPackagesTable } from '../../db/schema.ts';
import type { PaymentMethod } from '@topup/contract/limits';

export type PackageFilter = {
  searchTerm: string;
  gameId?: string;
  paymentMethod?: PaymentMethod;
  /** Anonymous callers never see packages of disabled games. */
  includeDisabledGames: boolean;
};

export type PackageRow = TokenPackagesTable & { game_title: string };

function joined(db: Db) {
  return db.selectFrom('token_packages').innerJoin('games', 'games.id', 'token_packages.game_id');
}

function filtered(db: Db, filter: PackageFilter) {
  let query = joined(db);
  if (!filter.includeDisabledGames) query = query.where('games.is_disable', '=', 0);
  if (filter.gameId) query = query.where('token_packages.game_id', '=', filter.gameId);
  if (filter.paymentMethod) query = query.where('token_packages.payment_method', '=', filter.paymentMethod);
  const term = filter.searchTerm;
  if (term) query = query.where((eb) => eb.or([ilike('token_packages.token_title', term), ilike('games.title', term)]));
  return query;
}

export function listPackages(db: Db, filter: PackageFilter, offset: number, limit: number): Promise<PackageRow[]> {
  return filtered(db, filter)
    .selectAll('token_packages')
    .select('games.title as game_title')
    .orderBy('token_packages.created_at', 'desc')
    .orderBy('token_packages.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countPackages(db: Db, filter: PackageFilter): Promise<number> {
  return filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A game's packages as the game page shows them: grouped by payment method, cheapest first. */
export function listPackagesOfGame(db: Db, gameId: string): Promise<PackageRow[]> {
  return joined(db)
    .selectAll('token_packages')
    .select('games.title as game_title')
    .where('token_packages.game_id', '=', gameId)
    .orderBy('token_packages.payment_method')
    .orderBy('token_packages.price')
    .orderBy('token_packages.created_at')
    .execute();
}

/** The title of the game a package is for, checked before the package is written. */
export function findGameTitle(db: Db, gameId: string): Promise<{ title: string } | undefined> {
  return db.selectFrom('games').select('title').where('id', '=', gameId).executeTakeFirst();
}

export function findPackage(db: Db, id: string): Promise<PackageRow | undefined> {
  return joined(db).selectAll('token_packages').select('games.title as game_title').where('token_packages.id', '=', id).executeTakeFirst();
}

export function findPackageWithGame(db: Db, id: string) {
  return joined(db)
    .selectAll('token_packages')
    .select(['games.title as game_title', 'games.server_type as game_server_type', 'games.is_disable as game_is_disable'])
    .where('token_packages.id', '=', id)
    .executeTakeFirst();
}

/** Stored image names of a game's packages (to release them when the game goes). */
export function packageImagesOfGame(db: Db, gameId: string): Promise<Array<string | null>> {
  return db
    .selectFrom('token_packages')
    .select('package_image')
    .where('game_id', '=', gameId)
    .execute()
    .then((rows) => rows.map((r) => r.package_image));
}

export async function insertPackage(db: Db, row: TokenPackagesTable) {
  await db.insertInto('token_packages').values(row).execute();
}

export async function updatePackage(db: Db, id: string, changes: Partial<Omit<TokenPackagesTable, 'id' | 'created_at'>>) {
  await db.updateTable('token_packages').set(changes).where('id', '=', id).execute();
}

export async function deletePackage(db: Db, id: string) {
  await db.deleteFrom('token_packages').where('id', '=', id).execute();
}
