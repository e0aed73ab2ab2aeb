// Code stock's queries. The claim is one statement on both databases: on PostgreSQL its rows are locked with
// FOR UPDATE SKIP LOCKED (another instance's claim skips them instead of waiting), on SQLite it runs inside the one
// write transaction the database allows at a time.
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { PackageDeliveryTable, StockCodesTable } from '../../db/schema.ts';

export type CodeRow = StockCodesTable;
export type DeliveryRow = PackageDeliveryTable;

export function deliveryOf(db: Db, packageId: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('package_delivery').selectAll().where('package_id', '=', packageId).executeTakeFirst();
}

export function deliveriesOf(db: Db, packageIds: string[]): Promise<DeliveryRow[]> {
  if (packageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('package_delivery').selectAll().where('package_id', 'in', packageIds).execute();
}

export async function saveDelivery(db: Db, row: DeliveryRow): Promise<void> {
  const { package_id: _id, low_alerted_at: _alerted, ...changes } = row;
  await db
    .insertInto('package_delivery')
    .values(row)
    .onConflict((oc) => oc.column('package_id').doUpdateSet(changes))
    .execute();
}

export function packageWithGame(db: Db, packageId: string) {
  return db
    .selectFrom('token_packages as p')
    .leftJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id', 'p.token_title', 'p.game_id', 'g.title as game_title'])
    .where('p.id', '=', packageId)
    .executeTakeFirst();
}

export async function insertCodes(db: Db, rows: CodeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('stock_codes')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function existingFingerprints(db: Db, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .selectFrom('stock_codes')
      .select('code_hash')
      .where('code_hash', 'in', hashes.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.code_hash);
  }
  return found;
}

export type StockCounts = { available: number; reserved: number; delivered: number; expired: number };

/** Counts per package; an available code past its expiry counts as expired. */
export async function counts(db: Db, packageIds: string[], today: string): Promise<Map<string, StockCounts>> {
  const out = new Map<string, StockCounts>();
  if (packageIds.length === 0) return out;
  const rows = await db
    .selectFrom('stock_codes')
    .select((eb) => [
      'package_id',
      eb
        .case()
        .when(eb.and([eb('state', '=', 'available'), eb('expires_on', '<', today)]))
        .then('expired')
        .else(eb.ref('state'))
        .end()
        .as('shown'),
      eb.fn.countAll<string | number>().as('n'),
    ])
    .where('package_id', 'in', packageIds)
    .groupBy(['package_id', 'shown'])
    .execute();
  for (const id of packageIds) out.set(id, { available: 0, reserved: 0, delivered: 0, expired: 0 });
  for (const r of rows) {
    const c = out.get(r.package_id)!;
    const key = r.shown as keyof StockCounts;
    if (key in c) c[key] += Number(r.n);
  }
  return out;
}

export function codePackages(db: Db) {
  return db
    .selectFrom('package_delivery as d')
    .innerJoin('token_packages as p', 'p.id', 'd.package_id')
    .leftJoin('games as g', 'g.id', 'p.game_id')
    .select(['d.package_id', 'd.delivery_mode', 'd.low_stock_threshold', 'p.token_title', 'p.game_id', 'g.title as game_title'])
    .where('d.is_code_product', '=', 1)
    .orderBy('g.title')
    .orderBy('p.token_title')
    .execute();
}

/**
 * Reserves up to `n` available, unexpired codes of the package for the order (soonest expiry first) in one
 * statement; answers the ids it took. The caller rolls back when it took fewer than it needs.
 */
export async function claim(
  db: Db,
  dialect: Dialect,
  claimFor: { packageId: string; orderId: string; n: number; today: string; at: string },
): Promise<string[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<{ id: string }>`
    update stock_codes set state = 'reserved', order_id = ${claimFor.orderId}, reserved_at = ${claimFor.at}
    where id in (
      select id from stock_codes
      where package_id = ${claimFor.packageId} and state = 'available' and (expires_on is null or expires_on >= ${claimFor.today})
      order by coalesce(expires_on, '9999-12-31'), added_at, id
      limit ${claimFor.n}
      ${lock}
    )
    returning id`.execute(db);
  return rows.map((r) => r.id);
}

export function codesOfOrder(db: Db, orderId: string): Promise<CodeRow[]> {
  return db.selectFrom('stock_codes').selectAll().where('order_id', '=', orderId).orderBy('reserved_at').orderBy('id').execute();
}

export async function deliverReserved(db: Db, orderId: string, at: string): Promise<number> {
  const r = await db
    .updateTable('stock_codes')
    .set({ state: 'delivered', delivered_at: at })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Reserved codes of the order that passed their expiry: they leave the order as expired. */
export async function expireReserved(db: Db, orderId: string, today: string): Promise<number> {
  const r = await db
    .updateTable('stock_codes')
    .set({ state: 'expired', order_id: null, reserved_at: null })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .where('expires_on', '<', today)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function releaseReserved(db: Db, orderId: string): Promise<number> {
  const r = await db
    .updateTable('stock_codes')
    .set({ state: 'available', order_id: null, reserved_at: null })
    .where('order_id', '=', orderId)
    .where('state', '=', 'reserved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function listCodes(db: Db, packageId: string, state: string | undefined, today: string, offset: number, limit: number) {
  let q = db.selectFrom('stock_codes as c').leftJoin('orders as o', 'o.id', 'c.order_id').where('c.package_id', '=', packageId);
  if (state === 'expired')
    q = q.where((eb) => eb.or([eb('c.state', '=', 'expired'), eb.and([eb('c.state', '=', 'available'), eb('c.expires_on', '<', today)])]));
  else if (state === 'available')
    q = q.where('c.state', '=', 'available').where((eb) => eb.or([eb('c.expires_on', 'is', null), eb('c.expires_on', '>=', today)]));
  else if (state) q = q.where('c.state', '=', state);
  return Promise.all([
    q
      .select([
        'c.id',
        'c.package_id',
        'c.tail',
        'c.pin_cipher',
        'c.state',
        'c.expires_on',
        'c.added_at',
        'c.added_by',
        'c.order_id',
        'o.code as order_code',
        'c.delivered_at',
      ])
      .orderBy('c.added_at', 'desc')
      .orderBy('c.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

export function codeById(db: Db, id: string): Promise<CodeRow | undefined> {
  return db.selectFrom('stock_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function withdraw(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('stock_codes').where('id', '=', id).where('state', 'in', ['available', 'expired']).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertReveal(
  db: Db,
  row: { id: string; code_id: string; package_id: string; user_id: string; user_email: string; at: string },
) {
  await db.insertInto('code_reveals').values(row).execute();
}

export function listReveals(db: Db, offset: number, limit: number) {
  return Promise.all([
    db
      .selectFrom('code_reveals as r')
      .leftJoin('stock_codes as c', 'c.id', 'r.code_id')
      .leftJoin('token_packages as p', 'p.id', 'r.package_id')
      .select(['r.code_id', 'r.package_id', 'p.token_title', 'c.tail', 'r.user_email', 'r.at'])
      .orderBy('r.at', 'desc')
      .orderBy('r.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('code_reveals')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
}

export async function setLowAlerted(db: Db, packageId: string, at: string | null, onlyIfUnset: boolean): Promise<boolean> {
  let q = db.updateTable('package_delivery').set({ low_alerted_at: at }).where('package_id', '=', packageId);
  q = onlyIfUnset ? q.where('low_alerted_at', 'is', null) : q.where('low_alerted_at', 'is not', null);
  return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
}

/** Codes still sealed with another key than `keyId`, a batch at a time (re-encryption after a key rotation). */
export function sealedWithOtherKey(db: Db, keyId: string, limit: number): Promise<CodeRow[]> {
  return db.selectFrom('stock_codes').selectAll().where('key_id', '!=', keyId).limit(limit).execute();
}

export async function reseal(db: Db, row: Pick<CodeRow, 'id' | 'code_cipher' | 'pin_cipher' | 'key_id' | 'code_hash'>, oldKeyId: string) {
  await db
    .updateTable('stock_codes')
    .set({ code_cipher: row.code_cipher, pin_cipher: row.pin_cipher, key_id: row.key_id, code_hash: row.code_hash })
    .where('id', '=', row.id)
    .where('key_id', '=', oldKeyId)
    .execute();
}
