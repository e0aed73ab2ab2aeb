// Rows of payment phones and their notices. Every decision that must happen once (a notice taken, a notice matched
// to an order) is a conditional write or a unique index here, so two instances deciding at once agree.
import { sql, type Selectable } from 'kysely';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import type { PaymentNoticesTable, PaymentPhonesTable } from '../../db/schema.ts';

export type PhoneRow = Selectable<PaymentPhonesTable>;
export type NoticeRow = Selectable<PaymentNoticesTable>;

export function insertPhone(db: Db, row: PhoneRow) {
  return db.insertInto('payment_phones').values(row).execute();
}

export function listPhones(db: Db) {
  return db.selectFrom('payment_phones').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function phoneByUrlToken(db: Db, tokenHash: string) {
  return db.selectFrom('payment_phones').selectAll().where('url_token_hash', '=', tokenHash).executeTakeFirst();
}

export function phoneById(db: Db, id: string) {
  return db.selectFrom('payment_phones').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokePhone(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('payment_phones')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function existingAccountIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('config_settings').select(['id', 'payment_name']).where('id', 'in', ids).execute();
}

/** Stores a notice as received; false when this phone already delivered this event (a retry or a replay). */
export async function insertNotice(db: Db, row: NoticeRow): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('payment_notices').values(row).execute();
      await trx.updateTable('payment_phones').set({ last_notice_at: row.taken_at }).where('id', '=', row.phone_id).execute();
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export function noticeById(db: Db, id: string) {
  return db.selectFrom('payment_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ReadFields = Pick<NoticeRow, 'state' | 'wallet' | 'kind' | 'amount' | 'txn_id' | 'payer' | 'paid_at'>;

/** Stores what reading found, once: only a notice still `new` is written (two instances reading it agree anyway). */
export async function storeReading(db: Db, id: string, fields: ReadFields): Promise<boolean> {
  const res = await db.updateTable('payment_notices').set(fields).where('id', '=', id).where('state', '=', 'new').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** States a notice can still be decided from, automatically or by hand. */
export const UNDECIDED = ['waiting', 'candidates'] as const;

export async function setUndecided(
  db: Db,
  id: string,
  state: 'waiting' | 'candidates' | 'amount_differs' | 'ignored',
  candidates: string | null,
) {
  await db.updateTable('payment_notices').set({ state, candidates }).where('id', '=', id).where('order_id', 'is', null).execute();
}

export type OrderCandidateRow = { id: string; code: string | null; sub_total: number; transaction_number: string; created_at: string };

/** Pending orders in the window that no notice has paid for yet, by amount or by transaction number. */
export function openOrders(
  db: Db,
  opts: { from: string; to: string; amount: number | null; transactionNumber: string | null; orderId?: string },
) {
  let q = db
    .selectFrom('orders')
    .select(['orders.id', 'orders.code', 'orders.sub_total', 'orders.transaction_number', 'orders.created_at'])
    .where('orders.status', '=', 'PENDING')
    .where('orders.created_at', '>=', opts.from)
    .where('orders.created_at', '<=', opts.to)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('payment_notices').select('payment_notices.id').whereRef('payment_notices.order_id', '=', 'orders.id')),
      ),
    )
    .where((eb) => {
      const ors = [];
      if (opts.amount !== null) ors.push(eb('orders.sub_total', '=', opts.amount));
      if (opts.transactionNumber !== null) ors.push(eb('orders.transaction_number', '=', opts.transactionNumber));
      return ors.length ? eb.or(ors) : eb.val(false);
    });
  if (opts.orderId) q = q.where('orders.id', '=', opts.orderId);
  return q.orderBy('orders.created_at').limit(50).execute() as Promise<OrderCandidateRow[]>;
}

/**
 * Ties a notice to an order, once: the notice must be undecided (or, by hand, any money-in state) and the order
 * unpaid (the unique index on order_id). 'taken' when another instance or notice got there first.
 */
export async function claim(
  db: Db,
  noticeId: string,
  orderId: string,
  at: string,
  by: string | null,
  fromStates: readonly string[],
): Promise<'claimed' | 'notice-taken' | 'order-taken'> {
  try {
    const res = await db
      .updateTable('payment_notices')
      .set({ state: 'matched', order_id: orderId, matched_at: at, matched_by: by, candidates: null })
      .where('id', '=', noticeId)
      .where('order_id', 'is', null)
      .where('state', 'in', fromStates)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0 ? 'claimed' : 'notice-taken';
  } catch (err) {
    if (isUniqueViolation(err)) return 'order-taken';
    throw err;
  }
}

/** The order's payment as the wallet told it, on the order (its list, filter and export read it there). */
export async function markOrderReceived(db: Db, orderId: string): Promise<void> {
  await db.updateTable('orders').set({ payment_state: 'received' }).where('id', '=', orderId).execute();
}

/** Orders a notice names with another amount; answers those whose state this changed (a paid order stays paid). */
export async function markAmountDiffers(db: Db, orderIds: readonly string[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .updateTable('orders')
    .set({ payment_state: 'amount_differs' })
    .where('id', 'in', orderIds)
    .where('payment_state', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Orders whose "amount differs" came from a notice now attached elsewhere: back to not yet received unless another
 * such notice still names them. Answers those whose state this changed.
 */
export async function clearAmountDiffers(db: Db, orderIds: readonly string[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .updateTable('orders')
    .set({ payment_state: null })
    .where('id', 'in', orderIds)
    .where('payment_state', '=', 'amount_differs')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_notices')
            .select('payment_notices.id')
            .where('payment_notices.state', '=', 'amount_differs')
            .where(sql<boolean>`payment_notices.candidates like '%' || orders.id || '%'`),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Notices that may be an order just placed: undecided, of its amount or ending in its number, taken recently. */
export function undecidedFor(db: Db, amount: number, since: string) {
  return db
    .selectFrom('payment_notices')
    .select('id')
    .where('state', 'in', UNDECIDED)
    .where('amount', '=', amount)
    .where('taken_at', '>=', since)
    .orderBy('taken_at')
    .limit(50)
    .execute();
}

export function undecidedByTransaction(db: Db, transactionNumber: string, since: string) {
  return db
    .selectFrom('payment_notices')
    .select('id')
    .where('state', 'in', UNDECIDED)
    .where('txn_id', 'like', `%${transactionNumber}`)
    .where('taken_at', '>=', since)
    .limit(50)
    .execute();
}

/** Notices stored but not read (an instance stopped between storing and reading): read them now. */
export function unreadSince(db: Db, before: string) {
  return db
    .selectFrom('payment_notices')
    .select('id')
    .where('state', '=', 'new')
    .where('taken_at', '<=', before)
    .orderBy('taken_at')
    .limit(200)
    .execute();
}

export function accountNames(db: Db, ids: readonly string[]) {
  return ids.length
    ? db.selectFrom('config_settings').select(['id', 'payment_name']).where('id', 'in', ids).execute()
    : Promise.resolve([]);
}

const noticeColumns = [
  'payment_notices.id',
  'payment_notices.phone_id',
  'payment_phones.name as phone_name',
  'payment_notices.sender',
  'payment_notices.text',
  'payment_notices.received_at',
  'payment_notices.taken_at',
  'payment_notices.state',
  'payment_notices.wallet',
  'payment_notices.kind',
  'payment_notices.amount',
  'payment_notices.txn_id',
  'payment_notices.payer',
  'payment_notices.order_id',
  'orders.code as order_code',
  'payment_notices.matched_at',
  'payment_notices.matched_by',
  'payment_notices.candidates',
] as const;

function noticesQuery(db: Db) {
  return db
    .selectFrom('payment_notices')
    .leftJoin('payment_phones', 'payment_phones.id', 'payment_notices.phone_id')
    .leftJoin('orders', 'orders.id', 'payment_notices.order_id')
    .select(noticeColumns);
}

export type NoticeView = Awaited<ReturnType<typeof noticeView>> & object;

export function noticeView(db: Db, id: string) {
  return noticesQuery(db).where('payment_notices.id', '=', id).executeTakeFirst();
}

export async function listNoticeViews(db: Db, opts: { state?: string; orderId?: string; offset: number; limit: number }) {
  let q = noticesQuery(db);
  let count = db.selectFrom('payment_notices').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (opts.state) {
    q = q.where('payment_notices.state', '=', opts.state);
    count = count.where('state', '=', opts.state);
  }
  if (opts.orderId) {
    const orderId = opts.orderId;
    // The notice that paid for it, and those naming it as a candidate or with another amount.
    q = q.where((eb) => eb.or([eb('payment_notices.order_id', '=', orderId), eb('payment_notices.candidates', 'like', `%${orderId}%`)]));
    count = count.where((eb) => eb.or([eb('order_id', '=', orderId), eb('candidates', 'like', `%${orderId}%`)]));
  }
  const [rows, total] = await Promise.all([
    q.orderBy('payment_notices.taken_at', 'desc').orderBy('payment_notices.id', 'desc').offset(opts.offset).limit(opts.limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function orderExists(db: Db, id: string) {
  return db.selectFrom('orders').select(['id', 'sub_total']).where('id', '=', id).executeTakeFirst();
}
