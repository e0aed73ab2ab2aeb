// Bulk actions of the workbench: mark read, complete or cancel many orders, listed or "all matching the filter".
// Each order is changed in its own transaction with its own timeline entry, so one order that can't be changed
// (gone, no longer pending, changed meanwhile) fails alone and is named with why (docs/decisions/0057).
import { BULK_MAX, type BulkActionBody } from '@topup/contract/order-list';
import { MSG } from '@topup/contract/messages';
import type { OrderStatus } from '@topup/contract/limits';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Admin } from '../auth/admin.ts';
import { record } from './timeline.service.ts';
import { resolveFilter } from './list-filters.ts';
import { countFiltered, idsFiltered } from './list.repository.ts';
import { codesOf, findOrder } from './orders.repository.ts';
import { updateOrder } from './status-changes.repository.ts';
import { checkFlags, markReadIn, nextUpdatedAt } from './status-changes.service.ts';
import { announceChange, announceStaffChanges, staffChange } from './announce.ts';
import { toOrderDto } from './order-dto.ts';

/** `message` is a catalogue reference; the route puts it into the caller's language. `orderCode` names the order to staff (null once it is gone). */
export type BulkOutcome = { succeeded: string[]; failed: Array<{ id: string; orderCode: string | null; message: string }> };

const TARGET: Record<'COMPLETE' | 'CANCEL', OrderStatus> = { COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED' };

/** The orders a request names: its ids, or every order its filter matches when there are at most BULK_MAX. */
async function targets(ctx: AppContext, body: BulkActionBody): Promise<string[]> {
  if (body.ids) return [...new Set(body.ids)];
  const { searchTerm, sort, ...filters } = body.filter!;
  const where = await resolveFilter(ctx, { ...filters, sort }, searchTerm);
  const count = await countFiltered(ctx.db, where);
  if (count > BULK_MAX) throw AppError.field('filter', MSG.bulkFilterTooBroad(count, BULK_MAX));
  return idsFiltered(ctx.db, where, sort, BULK_MAX);
}

export async function bulkAction(ctx: AppContext, admin: Admin, body: BulkActionBody): Promise<BulkOutcome> {
  const succeeded: string[] = [];
  const failures: Array<{ id: string; message: string }> = [];
  for (const id of await targets(ctx, body)) {
    const failure = body.action === 'MARK_READ' ? await markOne(ctx, admin, id) : await changeStatus(ctx, admin, id, body);
    if (failure) failures.push({ id, message: failure });
    else succeeded.push(id);
  }
  // "All matching" may fail orders the dashboard has not loaded: name them by their code, not their id.
  const codes = await codesOf(
    ctx.db,
    failures.map((f) => f.id),
  );
  return { succeeded, failed: failures.map((f) => ({ ...f, orderCode: codes.get(f.id) ?? null })) };
}

/** Null on success, else why (a message reference). */
async function markOne(ctx: AppContext, admin: Admin, id: string): Promise<string | null> {
  const outcome = await ctx.db.transaction().execute((trx) => markReadIn(trx, id, admin));
  if (outcome === 'missing') return MSG.notFound('Order');
  // An order already read changes nothing: nobody is told again (as markRead).
  const row = outcome === 'marked' ? await findOrder(ctx.db, id) : undefined;
  if (row) {
    const dto = toOrderDto(ctx, row);
    announceChange(ctx, dto);
    announceStaffChanges(ctx, [staffChange(dto, ['read'], admin.email)]);
  }
  return null;
}

async function changeStatus(ctx: AppContext, admin: Admin, id: string, body: BulkActionBody): Promise<string | null> {
  const existing = await findOrder(ctx.db, id);
  if (!existing) return MSG.notFound('Order');
  if (existing.status !== 'PENDING') return MSG.bulkNotPending;
  const to = TARGET[body.action as 'COMPLETE' | 'CANCEL'];
  let override: ReturnType<typeof checkFlags>;
  try {
    override = checkFlags(existing, to, body);
  } catch (err) {
    // Flagged and not overridden: this one fails with the reason, the others go on.
    if (err instanceof AppError) return err.message;
    throw err;
  }
  const cancelling = to === 'CANCELLED';
  const changes = {
    status: to,
    cancel_reason: cancelling ? body.cancelReason! : null,
    cancel_note: cancelling ? (body.cancelNote ?? null) : null,
    operator_id: admin.id,
    operator_email: admin.email,
    updated_at: nextUpdatedAt(existing.updated_at),
  };
  const actor = { id: admin.id, email: admin.email };
  let changed: boolean;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      // Only the order as read: someone who changed it meanwhile wins, and this one is reported as changed.
      if ((await updateOrder(trx, id, changes, { updatedAt: existing.updated_at })) === 0) return false;
      // Codes move with the status; too few to complete fails this order alone (its change rolls back).
      await ctx.codeStock.statusMoved(
        trx,
        { id, packageId: existing.package_id, quantity: existing.quantity },
        { from: existing.status, to, actor, at: changes.updated_at },
      );
      await record(trx, {
        orderId: id,
        actor: { id: admin.id, email: admin.email },
        at: changes.updated_at,
        type: 'STATUS_CHANGED',
        data: {
          from: 'PENDING',
          to,
          reason: changes.cancel_reason,
          note: cancelling ? changes.cancel_note : (body.statusNote ?? null),
          bulk: true,
          ...(override ? { override } : {}),
        },
      });
      return true;
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return err.message;
    throw err;
  }
  ctx.codeStock.stockChanged([existing.package_id]);
  if (!changed) {
    const now = await findOrder(ctx.db, id);
    return now ? MSG.orderChanged(now.operator_email) : MSG.notFound('Order');
  }
  const dto = toOrderDto(ctx, { ...existing, ...changes });
  announceChange(ctx, dto);
  announceStaffChanges(ctx, [staffChange(dto, ['status'], admin.email)]);
  return null;
}
