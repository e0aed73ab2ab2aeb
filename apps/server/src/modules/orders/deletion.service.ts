// Deleting an order (its timeline keeps who asked) and cleaning finished orders older than a window, in batches.
import type { CleanType, OrderStatus } from '@topup/contract/limits';
import type { CleanOrderBody } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Admin } from '../auth/admin.ts';
import { eraseEditedValues, forgetOrders, record } from './timeline.service.ts';
import { announceStaffChanges, staffDeletion } from './announce.ts';
import * as repo from './deletion.repository.ts';

/** Only finished orders are ever cleaned; a PENDING order still needs an admin. */
const CLEANABLE: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];
const CLEAN_BATCH = 500;

/**
 * Deletes one order; its timeline stays with a DELETE_REQUESTED entry naming who, the values of its edits erased
 * (docs/decisions/0054). A deleted order's timeline is never served again.
 */
export async function deleteOrder(ctx: AppContext, admin: Admin, id: string): Promise<{ id: string }> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    await ctx.codeStock.release(trx, id);
    const row = await repo.deleteOrder(trx, id);
    if (!row) return undefined;
    await eraseEditedValues(trx, id);
    await record(trx, {
      orderId: id,
      actor: { id: admin.id, email: admin.email },
      type: 'DELETE_REQUESTED',
      data: { code: row.code ?? null },
    });
    return row;
  });
  if (!deleted) throw AppError.notFound('Order');
  announceStaffChanges(ctx, [staffDeletion(id, admin.email)]);
  await ctx.media.discard('private', [deleted.screenshot]);
  // A package image kept alive only by this order's snapshot can go now.
  await ctx.media.releasePublic(ctx.db, [deleted.package_image]);
  return { id };
}

/** The start of the cleaning window: orders created before it may go. Months are calendar months. */
export function cleanCutoff(type: CleanType, count: number, now = new Date()): string {
  const cutoff = new Date(now);
  if (type === 'WEEKLY') cutoff.setUTCDate(cutoff.getUTCDate() - 7 * count);
  else cutoff.setUTCMonth(cutoff.getUTCMonth() - count);
  return cutoff.toISOString();
}

/** Deletes finished orders older than the window, in batches so a large clean never holds one long lock. */
export async function cleanOrders(ctx: AppContext, body: CleanOrderBody, admin: Admin | null = null): Promise<{ deletedCount: number }> {
  const before = cleanCutoff(body.type, body.count);
  let deletedCount = 0;
  for (;;) {
    const ids = await repo.findCleanable(ctx.db, CLEANABLE, before, CLEAN_BATCH);
    if (ids.length === 0) break;
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      const rows = await repo.deleteCleanable(trx, ids, CLEANABLE, before);
      await forgetOrders(
        trx,
        rows.map((r) => r.id),
      );
      return rows;
    });
    deletedCount += deleted.length;
    // One message per committed batch: each deleted order is its own event inside it.
    announceStaffChanges(
      ctx,
      deleted.map((d) => staffDeletion(d.id, admin?.email ?? null)),
    );
    await ctx.media.discard(
      'private',
      deleted.map((d) => d.screenshot),
    );
    await ctx.media.releasePublic(
      ctx.db,
      deleted.map((d) => d.package_image),
    );
    if (ids.length < CLEAN_BATCH) break;
  }
  return { deletedCount };
}
