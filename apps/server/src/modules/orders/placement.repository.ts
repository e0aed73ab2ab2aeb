// What placing an order reads and writes: the package with its game, the order, its staff notification.
import type { Db } from '../../db/database.ts';
import type { NewOrderRow, NotificationsTable } from '../../db/schema.ts';

/** The package a buyer picked, with what the order rules need from its game. */
export function findPackageWithGame(db: Db, packageId: string) {
  return db
    .selectFrom('token_packages as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select([
      'p.id',
      'p.token_title',
      'p.unit',
      'p.price',
      'p.currency',
      'p.payment_method',
      'p.can_add_quantity',
      'p.package_image',
      'g.id as game_id',
      'g.title as game_title',
      'g.server_type',
      'g.is_disable',
    ])
    .where('p.id', '=', packageId)
    .executeTakeFirst();
}

export type PackageWithGame = NonNullable<Awaited<ReturnType<typeof findPackageWithGame>>>;

export function findGameServerType(db: Db, gameId: string) {
  return db
    .selectFrom('games')
    .select('server_type')
    .where('id', '=', gameId)
    .executeTakeFirst()
    .then((r) => r?.server_type ?? null);
}

export async function insertOrder(db: Db, row: NewOrderRow) {
  await db.insertInto('orders').values(row).execute();
}

export async function insertNotification(db: Db, row: NotificationsTable) {
  await db.insertInto('notifications').values(row).execute();
}

export function findOrderByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}
