// Private tracking tokens (hashed) and the reads a buyer's status page and "find my order" need.
import type { Db } from '../../db/database.ts';

export async function insertToken(db: Db, tokenHash: string, orderId: string, createdAt: string) {
  await db.insertInto('order_tracking_tokens').values({ token_hash: tokenHash, order_id: orderId, created_at: createdAt }).execute();
}

/** The order with this code, only when this token belongs to it: one query whether code, token or both are wrong. */
export function findOrderByCodeAndToken(db: Db, code: string, tokenHash: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_tracking_tokens as t', 't.order_id', 'orders.id')
    .selectAll('orders')
    .where('orders.code', '=', code)
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Whether a payment phone's notice confirmed this order (a notice names its order only once matched; unique index). */
export async function isPaymentReceived(db: Db, orderId: string): Promise<boolean> {
  return (await db.selectFrom('payment_notices').select('id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined;
}

/** The orders whose code and token hash match as a pair: one query for a buyer's whole "my orders" list. */
export function findStatusesByCodeAndToken(db: Db, pairs: ReadonlyArray<{ code: string; tokenHash: string }>) {
  return db
    .selectFrom('orders')
    .innerJoin('order_tracking_tokens as t', 't.order_id', 'orders.id')
    .select(['orders.code', 'orders.status', 'orders.is_read', 'orders.updated_at'])
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb('orders.code', '=', p.code), eb('t.token_hash', '=', p.tokenHash)]))))
    .execute();
}

/** Orders with this transaction number placed since `since`, newest first (orders_transaction_mobile_idx). */
export function findRecentByTransactionNumber(db: Db, transactionNumber: string, since: string, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('transaction_number', '=', transactionNumber)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function packageOfOrder(db: Db, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('package_id').where('id', '=', orderId).executeTakeFirst();
  return row?.package_id ?? null;
}
