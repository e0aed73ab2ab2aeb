// The checks of order screenshots in the database: the queue of what is unfinished (order_checks), the results,
// and the links between orders that reuse a transaction number or a screenshot (order_duplicates).
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { OrderChecksTable, OrderDuplicatesTable } from '../../db/schema.ts';

export async function insertCheck(db: Db, orderId: string, now: string) {
  await db
    .insertInto('order_checks')
    .values({
      order_id: orderId,
      state: 'queued',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      cleaned: 0,
      image_hash: null,
      hash_seq: null,
      receipt_txn_id: null,
      fields: null,
      error: null,
      created_at: now,
      checked_at: null,
    })
    .execute();
}

export function findCheck(db: Db, orderId: string) {
  return db.selectFrom('order_checks').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Puts an order's check back in the queue (check again), creating the row for an order that never had one. */
export async function requeue(db: Db, orderId: string, now: string) {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('order_checks')
      .set({ state: 'queued', attempts: 0, next_attempt_at: now, lease_until: null, error: null })
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await insertCheck(trx, orderId, now);
    await trx.updateTable('orders').set({ verdict: 'pending' }).where('id', '=', orderId).execute();
  });
}

/** Order ids whose check is unfinished, oldest first (a restart re-queues these). */
export function listQueued(db: Db, limit: number) {
  return db
    .selectFrom('order_checks')
    .select('order_id')
    .where('state', '=', 'queued')
    .orderBy('created_at')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.order_id));
}

/** Which due checks a claim takes first: those of the newest orders, or of the oldest. */
export type ClaimOrder = 'newest' | 'oldest';

/**
 * Takes up to `limit` due checks for this worker until `leaseUntil`, by the time of their order (`order`): each row
 * is claimed by a conditional update, so two workers (or two instances on one PostgreSQL) never take the same one.
 * The claim counts the attempt.
 */
export async function claimDue(db: Db, now: string, leaseUntil: string, limit: number, order: ClaimOrder = 'oldest'): Promise<string[]> {
  const due = await db
    .selectFrom('order_checks')
    .select('order_id')
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('created_at', order === 'newest' ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  const claimed: string[] = [];
  for (const { order_id } of due) {
    if (await claimOne(db, order_id, now, leaseUntil)) claimed.push(order_id);
  }
  return claimed;
}

/**
 * Claims one queued check whose lease is free or ran out, counting the attempt; false when it is finished or held.
 * (BullMQ decides when a job runs; the database still decides whether it may.)
 */
export async function claimOne(db: Db, orderId: string, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('order_checks')
    .set((eb) => ({ lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('order_id', '=', orderId)
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The earliest time a queued check becomes due, or null when none is queued. */
export function nextDue(db: Db) {
  return db
    .selectFrom('order_checks')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('state', '=', 'queued')
    .executeTakeFirst()
    .then((r) => (r?.at as string | null | undefined) ?? null);
}

/** A single-instance server (SQLite) frees the leases its previous run held when it died. */
export async function releaseAllLeases(db: Db) {
  await db
    .updateTable('order_checks')
    .set({ lease_until: null })
    .where('state', '=', 'queued')
    .where('lease_until', 'is not', null)
    .execute();
}

export async function updateCheck(db: Db, orderId: string, changes: Partial<Omit<OrderChecksTable, 'order_id'>>) {
  await db.updateTable('order_checks').set(changes).where('order_id', '=', orderId).execute();
}

/** Updates the check only while it is queued at attempt `attempt` (not finished, not claimed again since). */
export async function updateCheckIf(
  db: Db,
  orderId: string,
  attempt: number,
  changes: Partial<Omit<OrderChecksTable, 'order_id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('order_checks')
    .set(changes)
    .where('order_id', '=', orderId)
    .where('state', '=', 'queued')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setVerdict(db: Db, orderId: string, verdict: string) {
  await db.updateTable('orders').set({ verdict }).where('id', '=', orderId).execute();
}

export function findOrderForCheck(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'screenshot', 'sub_total', 'transaction_number', 'payment_method', 'created_at', 'verdict', 'is_duplicate'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * An order's verdict and its check in one statement, so one snapshot: read apart, a check committed between the two
 * reads showed "done" beside the verdict it had replaced ("pending").
 */
export function findVerificationOf(db: Db, orderId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_checks as c', 'c.order_id', 'o.id')
    .select(['o.verdict', 'o.is_duplicate', 'o.created_at', 'c.state', 'c.attempts', 'c.checked_at', 'c.fields', 'c.error'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** Points the order at its re-encoded screenshot, only while it still shows `expected` (an admin may have replaced it). */
export async function swapScreenshot(db: Db, orderId: string, expected: string, cleanName: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ screenshot: cleanName })
    .where('id', '=', orderId)
    .where('screenshot', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The shop's payment accounts a receipt's payee is compared with: wallet name, number, holder's name, method. */
export function listPaymentAccounts(db: Db) {
  return db.selectFrom('config_settings').select(['payment_name', 'phone', 'holder_name', 'payment_method']).execute();
}

/** Reuse links one check makes of each kind (same transaction, same picture): a burst of copies stays bounded work. */
export const MAX_LINKS_PER_KIND = 50;

/** Other orders with the same buyer transaction number and payment method placed within the window. */
export function findSameTransaction(db: Db, orderId: string, transactionNumber: string, paymentMethod: string, since: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('transaction_number', '=', transactionNumber)
    .where('payment_method', '=', paymentMethod)
    .where('created_at', '>=', since)
    .where('id', '!=', orderId)
    .limit(MAX_LINKS_PER_KIND)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Other orders whose receipt showed the same transaction id, for the same payment method, within the window. */
export function findSameReceiptTransaction(db: Db, orderId: string, receiptTxnId: string, paymentMethod: string, since: string) {
  return db
    .selectFrom('order_checks as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select('o.id')
    .where('c.receipt_txn_id', '=', receiptTxnId)
    .where('o.payment_method', '=', paymentMethod)
    .where('o.created_at', '>=', since)
    .where('o.id', '!=', orderId)
    .limit(MAX_LINKS_PER_KIND)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

const REUSE_LOCK_KEY = 7_406_123_012;

/**
 * Two copies of one screenshot checked at the same moment (several workers or instances) must find each other, so
 * looking for reuse and storing the check's own fingerprint happen one check at a time. PostgreSQL: an advisory lock
 * taken first in the transaction and held to its end; every statement after it sees the checks committed before.
 * SQLite: its one connection runs one transaction at a time already.
 */
export async function lockReuseSearch(trx: Db, dialect: Dialect) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${REUSE_LOCK_KEY})`.execute(trx);
}

/** What a reuse search compares with: other orders' fingerprints within the window that could be the same picture. */
export type HashFilter = {
  orderId: string;
  since: string;
  /**
   * This receipt's transaction id when it was read: then only fingerprints whose receipt showed the same id or none.
   * Two receipts whose ids were both read and differ are never the same picture, so in a shop where almost every id
   * is read this reads a few rows instead of a month's (docs/decisions/0038, "Reuse search").
   */
  receiptTxnId: string | null;
};

function hashesWithin(db: Db, f: HashFilter) {
  return db
    .selectFrom('order_checks as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['o.id', 'o.created_at', 'c.image_hash'])
    .where('c.image_hash', 'is not', null)
    .$if(f.receiptTxnId !== null, (qb) =>
      qb.where((eb) => eb.or([eb('c.receipt_txn_id', 'is', null), eb('c.receipt_txn_id', '=', f.receiptTxnId!)])),
    )
    .where('o.created_at', '>=', f.since)
    .where('o.id', '!=', f.orderId);
}

/** The number of the fingerprint stored last (0 before any): every one numbered up to it is committed. */
export async function latestHashSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_checks')
    .select((eb) => eb.fn.max('hash_seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The number for a fingerprint stored now; only under the reuse search's lock (lockReuseSearch), so in commit order. */
export async function nextHashSeq(trx: Db): Promise<number> {
  return (await latestHashSeq(trx)) + 1;
}

/**
 * One page of the fingerprints numbered up to `upToSeq`, newest first (by order time, then id), from after `before`
 * (the last row of the previous page). Compared in memory: Hamming distance has no index.
 */
export function listHashesPage(db: Db, f: HashFilter, upToSeq: number, before: { createdAt: string; id: string } | null, limit: number) {
  return hashesWithin(db, f)
    .where('c.hash_seq', '<=', upToSeq)
    .$if(before !== null, (qb) =>
      qb
        .where('o.created_at', '<=', before!.createdAt)
        .where((eb) => eb.or([eb('o.created_at', '<', before!.createdAt), eb('o.id', '<', before!.id)])),
    )
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The fingerprints stored after `afterSeq` (checks finished since a search's unlocked scan began: a few), by their
 * number's index; the window is the caller's to apply (ordersSince) to the few that match. Joined with the orders
 * here, SQLite walked the window's orders by time instead (40 ms at 30,000, under the lock).
 */
export function listHashesAfter(db: Db, f: Omit<HashFilter, 'since'>, afterSeq: number) {
  return db
    .selectFrom('order_checks')
    .select(['order_id', 'image_hash'])
    .where('hash_seq', '>', afterSeq)
    .where('image_hash', 'is not', null)
    .where('order_id', '!=', f.orderId)
    .$if(f.receiptTxnId !== null, (qb) =>
      qb.where((eb) => eb.or([eb('receipt_txn_id', 'is', null), eb('receipt_txn_id', '=', f.receiptTxnId!)])),
    )
    .execute();
}

/** Of these orders, those placed at or after `since`, with their time. */
export function ordersSince(db: Db, orderIds: string[], since: string) {
  if (!orderIds.length) return Promise.resolve([]);
  return db.selectFrom('orders').select(['id', 'created_at']).where('id', 'in', orderIds).where('created_at', '>=', since).execute();
}

/** Of these orders, those whose fingerprint is still the one numbered up to `upToSeq` (not checked again, not deleted). */
export function keepUnchanged(db: Db, orderIds: string[], upToSeq: number): Promise<string[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_checks')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('hash_seq', '<=', upToSeq)
    .execute()
    .then((rows) => rows.map((r) => r.order_id));
}

/** Links two orders both ways and flags both; answers whether the link is new. */
export async function linkDuplicates(db: Db, a: string, b: string, reason: OrderDuplicatesTable['reason'], now: string): Promise<boolean> {
  const rows = [
    { order_id: a, other_order_id: b, reason, created_at: now },
    { order_id: b, other_order_id: a, reason, created_at: now },
  ];
  const result = await db
    .insertInto('order_duplicates')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  await db.updateTable('orders').set({ is_duplicate: 1 }).where('id', 'in', [a, b]).execute();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function listDuplicates(db: Db, orderId: string) {
  return db
    .selectFrom('order_duplicates as d')
    .innerJoin('orders as o', 'o.id', 'd.other_order_id')
    .select(['d.other_order_id', 'd.reason', 'o.transaction_number', 'o.created_at'])
    .where('d.order_id', '=', orderId)
    .orderBy('o.created_at', 'desc')
    .execute();
}

/** Orders by verdict (or the duplicate flag), newest first, with the exact count. */
export async function listByVerdict(db: Db, verdict: string, offset: number, limit: number) {
  const base = db
    .selectFrom('orders')
    .$call((qb) => (verdict === 'duplicate' ? qb.where('is_duplicate', '=', 1) : qb.where('verdict', '=', verdict)));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
