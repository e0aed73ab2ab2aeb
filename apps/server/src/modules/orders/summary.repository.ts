// Read-only aggregates over orders for the dashboard overview; the only place the summary touches Kysely.
import type { Db } from '../../db/database.ts';

export async function pendingStats(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

export async function countUnread(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders created in [from, to), grouped by status and currency, with their count and sub-total sum. */
export function totalsBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'status',
      'package_currency as currency',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('sub_total').as('amount'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['status', 'package_currency'])
    .execute()
    .then((rows) => rows.map((r) => ({ status: r.status, currency: r.currency, count: Number(r.n), amount: Number(r.amount ?? 0) })));
}
