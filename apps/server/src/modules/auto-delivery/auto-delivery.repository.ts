// Auto-delivery's queries: the guardrail settings (one row, locked on PostgreSQL while a completion counts against
// them, so two instances can't both take the last place of a daily limit), the completions they count, the order.
import type { Db, Dialect } from '../../db/database.ts';
import type { AutoDeliverySettingsTable, OrderRow } from '../../db/schema.ts';
import { DEFAULT_AUTO_DELIVERY } from '@topup/contract/auto-delivery';

export const SETTINGS_ID = 'shop';

export async function ensureSettings(db: Db): Promise<void> {
  await db
    .insertInto('auto_delivery_settings')
    .values({
      id: SETTINGS_ID,
      paused: DEFAULT_AUTO_DELIVERY.paused ? 1 : 0,
      max_order_amount: DEFAULT_AUTO_DELIVERY.maxOrderAmount,
      max_per_phone_per_day: DEFAULT_AUTO_DELIVERY.maxPerPhonePerDay,
      max_per_day: DEFAULT_AUTO_DELIVERY.maxPerDay,
      updated_at: null,
      updated_by: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function settings(db: Db, dialect: Dialect, lock = false): Promise<AutoDeliverySettingsTable> {
  let q = db.selectFrom('auto_delivery_settings').selectAll().where('id', '=', SETTINGS_ID);
  if (lock && dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}

export async function saveSettings(db: Db, changes: Partial<Omit<AutoDeliverySettingsTable, 'id'>>): Promise<void> {
  await db.updateTable('auto_delivery_settings').set(changes).where('id', '=', SETTINGS_ID).execute();
}

export async function countDay(db: Db, day: string, phone?: string): Promise<number> {
  let q = db
    .selectFrom('auto_completions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('day', '=', day);
  if (phone !== undefined) q = q.where('phone', '=', phone);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function insertCompletion(db: Db, row: { order_id: string; day: string; phone: string; notice_id: string; at: string }) {
  await db.insertInto('auto_completions').values(row).execute();
}

export async function order(db: Db, dialect: Dialect, id: string, lock = false): Promise<OrderRow | undefined> {
  let q = db.selectFrom('orders').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') q = q.forUpdate();
  return (await q.executeTakeFirst()) as OrderRow | undefined;
}

/** Another order (not cancelled) carries the same transaction number: one payment can't pay for two. */
export async function sharesTransactionNumber(db: Db, o: Pick<OrderRow, 'id' | 'transaction_number'>, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('transaction_number', '=', o.transaction_number)
    .where('id', '!=', o.id)
    .where('status', '!=', 'CANCELLED')
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Completes the order as it was read (same updated_at); 0 when it changed since (staff got there first). */
export async function complete(db: Db, id: string, readAt: string, updatedAt: string): Promise<number> {
  const r = await db
    .updateTable('orders')
    .set({ status: 'COMPLETED', operator_id: null, operator_email: null, updated_at: updatedAt, cancel_reason: null, cancel_note: null })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('updated_at', '=', readAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether an AUTO_HELD entry for this notice is already in the order's timeline (a notice is held once). */
export async function alreadyHeld(db: Db, orderId: string, noticeId: string): Promise<boolean> {
  const rows = await db.selectFrom('order_events').select('data').where('order_id', '=', orderId).where('type', '=', 'AUTO_HELD').execute();
  return rows.some((r) => (JSON.parse(r.data) as { noticeId?: string }).noticeId === noticeId);
}
