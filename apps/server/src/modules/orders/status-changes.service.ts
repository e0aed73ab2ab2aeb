// Changing an order: status and buyer details under concurrent staff changes, cancel reasons, flagged orders, read marks.
import type { OrderStatus } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import { CANCEL_MSG, type CancelReason } from '@topup/contract/order-reasons';
import type { OrderDto, UpdateOrderForm } from '@topup/contract/orders';
import type { OrderChangeKind } from '@topup/contract/order-changes';
import { orderFlags, type OrderFlag } from '@topup/contract/orders';
import { type EditableOrderField } from '@topup/contract/order-timeline';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderChanges, OrderRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { record, type Actor } from './timeline.service.ts';
import { findOrder } from './orders.repository.ts';
import { toOrderDto } from './order-dto.ts';
import { announceChange, announceStaffChanges, staffChange } from './announce.ts';
import { checkServerInfo, fail } from './order-rules.ts';
import * as repo from './status-changes.repository.ts';
import { findGameServerType } from './placement.repository.ts';
import { SCREENSHOT_FIELD } from './placement.service.ts';

/**
 * The cancel reason and note an update leaves on the order (docs/decisions/0045-order-codes-and-cancel-reasons.md):
 * - not cancelled (any more): none;
 * - newly cancelled: what was sent, or none when no reason came (clients written to the spec send none);
 * - still cancelled: what was sent, else what it had, so an edit of other fields keeps the reason.
 * A reason for an order that is not cancelled, a note without a reason, and OTHER without a note are refused.
 */
function cancelChanges(
  existing: OrderRow,
  status: string,
  form: UpdateOrderForm,
): { cancel_reason: string | null; cancel_note: string | null } {
  if (status !== 'CANCELLED') {
    if (form.cancelReason) fail({ cancelReason: [CANCEL_MSG.reasonNeedsCancel] });
    if (form.cancelNote) fail({ cancelNote: [CANCEL_MSG.reasonNeedsCancel] });
    return { cancel_reason: null, cancel_note: null };
  }
  if (!form.cancelReason) {
    if (form.cancelNote) fail({ cancelReason: [CANCEL_MSG.noteNeedsReason] });
    return existing.status === 'CANCELLED'
      ? { cancel_reason: existing.cancel_reason ?? null, cancel_note: existing.cancel_note ?? null }
      : { cancel_reason: null, cancel_note: null };
  }
  if (form.cancelReason === 'OTHER' && !form.cancelNote) fail({ cancelNote: [CANCEL_MSG.noteRequired] });
  return { cancel_reason: form.cancelReason, cancel_note: form.cancelNote ?? null };
}

/** The order's fields an edit may change, as the timeline names them, with their columns. */
const EDITED_COLUMNS: ReadonlyArray<
  readonly [EditableOrderField, 'in_game_user_id' | 'server_info' | 'mobile_number' | 'transaction_number']
> = [
  ['inGameUserId', 'in_game_user_id'],
  ['serverInfo', 'server_info'],
  ['mobileNumber', 'mobile_number'],
  ['transactionNumber', 'transaction_number'],
];

/** A time strictly after `previous`, so every change moves `updatedAt` even within one millisecond. */
export function nextUpdatedAt(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

/** Same instant, whatever offset the client wrote it with. */
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** Refused when the order changed after the client saw it (docs/decisions/0055); names who changed it. */
function changedSince(existing: OrderRow): AppError {
  const message = MSG.orderChanged(existing.operator_email);
  return AppError.conflict(message, { expectedUpdatedAt: [message] });
}

/** A status note goes with a change to COMPLETED or PENDING; a cancellation has its reason and cancel note. */
function checkStatusNote(from: string, to: string, note: string | undefined) {
  if (note && (from === to || to === 'CANCELLED')) fail({ statusNote: [MSG.statusNoteNeedsChange] });
}

/**
 * Completing a flagged order (duplicate, or a screenshot that doesn't match) needs `overrideFlags` with a reason
 * (docs/decisions/0077). Answers what the timeline keeps of the override, or undefined when nothing was overridden.
 */
export function checkFlags(
  existing: Pick<OrderRow, 'status' | 'verdict' | 'is_duplicate'>,
  to: string,
  override: { overrideFlags?: boolean; overrideReason?: string },
): { flags: OrderFlag[]; reason: string } | undefined {
  if (to !== 'COMPLETED' || existing.status === 'COMPLETED') return undefined;
  const flags = orderFlags({ isDuplicate: existing.is_duplicate === 1, verdict: existing.verdict });
  if (flags.length === 0) return undefined;
  if (!override.overrideFlags || !override.overrideReason) throw flaggedError(flags);
  return { flags, reason: override.overrideReason };
}

export function flaggedError(flags: readonly OrderFlag[]): AppError {
  const message = MSG.orderFlagged(flags);
  return AppError.conflict(message, { overrideFlags: [message] });
}

/** How many times an update without `expectedUpdatedAt` re-reads the order when another change slipped in between. */
const UPDATE_ATTEMPTS = 3;

/**
 * Status and the buyer's details may change; what was bought (package, quantity, price) stays as bought.
 * The change and its timeline entries (status change, edits old → new) commit together. The update only applies to
 * the order as it was read (same `updated_at`): with `expectedUpdatedAt` a mismatch is a 409; without it (clients
 * written to the spec) the order is read again and the change re-applied, last write wins as the spec has it, and
 * the timeline's "from" values are always the ones really replaced.
 */
export async function updateOrder(
  ctx: AppContext,
  admin: Admin,
  id: string,
  form: UpdateOrderForm,
  screenshot: Buffer | undefined,
): Promise<OrderDto> {
  let existing = await findOrder(ctx.db, id);
  if (!existing) throw AppError.notFound('Order');
  if (form.expectedUpdatedAt && !sameInstant(form.expectedUpdatedAt, existing.updated_at)) throw changedSince(existing);

  const stored = screenshot ? await ctx.media.storeImage('private', SCREENSHOT_FIELD, screenshot) : null;
  let result: { changes: OrderChanges; row: OrderRow; kinds: OrderChangeKind[] } | null = null;
  try {
    for (let attempt = 1; attempt <= UPDATE_ATTEMPTS && !result; attempt++) {
      if (attempt > 1) {
        existing = await findOrder(ctx.db, id);
        if (!existing) throw AppError.notFound('Order');
        if (form.expectedUpdatedAt) throw changedSince(existing);
      }
      result = await applyUpdate(ctx, admin, existing, form, stored);
    }
  } catch (err) {
    await ctx.media.discard('private', [stored]);
    throw err;
  }
  if (!result) {
    await ctx.media.discard('private', [stored]);
    throw AppError.conflict(MSG.orderConflict);
  }
  let dto: OrderDto;
  if (stored) {
    await ctx.media.discard('private', [result.row.screenshot]);
    // A new screenshot is new proof: check it.
    await ctx.verification.recheck(id);
    dto = toOrderDto(ctx, { ...result.row, ...result.changes, screenshot: stored, verdict: 'pending' } as OrderRow);
  } else {
    dto = toOrderDto(ctx, { ...result.row, ...result.changes } as OrderRow);
  }
  announceChange(ctx, dto);
  announceStaffChanges(ctx, [staffChange(dto, result.kinds, admin.email)]);
  return dto;
}

/** One attempt: null when the order changed since `existing` was read (nothing written then). */
async function applyUpdate(ctx: AppContext, admin: Admin, existing: OrderRow, form: UpdateOrderForm, stored: string | null) {
  let serverInfo = existing.server_info;
  if (form.serverInfo !== undefined && form.serverInfo !== existing.server_info) {
    // Checked against the game as it is now; a deleted game leaves only the length limit.
    const serverType = existing.game_id ? await findGameServerType(ctx.db, existing.game_id) : null;
    const checked = serverType ? checkServerInfo(serverType, form.serverInfo) : { value: form.serverInfo };
    if ('error' in checked) fail({ serverInfo: [checked.error] });
    serverInfo = checked.value;
  }

  const status = form.orderStatus ?? form.status ?? existing.status;
  const cancel = cancelChanges(existing, status, form);
  checkStatusNote(existing.status, status, form.statusNote);
  const override = checkFlags(existing, status, form);
  const changes = {
    status,
    ...cancel,
    in_game_user_id: form.inGameUserId ?? existing.in_game_user_id,
    server_info: serverInfo,
    mobile_number: form.mobileNumber ?? existing.mobile_number,
    transaction_number: form.transactionNumber ?? existing.transaction_number,
    operator_id: admin.id,
    operator_email: admin.email,
    updated_at: nextUpdatedAt(existing.updated_at),
    ...(stored ? { screenshot: stored } : {}),
  };
  const edits: Array<{ field: EditableOrderField; from: string | null; to: string | null }> = EDITED_COLUMNS.filter(
    ([, column]) => changes[column] !== existing[column],
  ).map(([field, column]) => ({ field, from: existing[column], to: changes[column] }));
  // A screenshot is named only: its file names are private.
  if (stored) edits.push({ field: 'screenShot', from: null, to: null });
  const actor: Actor = { id: admin.id, email: admin.email };
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const n = await repo.updateOrder(trx, existing.id, changes, {
      updatedAt: existing.updated_at,
      screenshot: stored ? existing.screenshot : undefined,
    });
    if (n === 0) return false;
    // Codes move with the status: delivered on completion (409 and nothing written when stock can't cover it).
    await ctx.codeStock.statusMoved(
      trx,
      { id: existing.id, packageId: existing.package_id, quantity: existing.quantity },
      { from: existing.status, to: status, actor, at: changes.updated_at },
    );
    if (status !== existing.status) {
      const note = status === 'CANCELLED' ? cancel.cancel_note : (form.statusNote ?? null);
      await record(trx, {
        orderId: existing.id,
        actor,
        at: changes.updated_at,
        type: 'STATUS_CHANGED',
        data: {
          from: existing.status as OrderStatus,
          to: status as OrderStatus,
          reason: cancel.cancel_reason as CancelReason | null,
          note,
          bulk: false,
          ...(override ? { override } : {}),
        },
      });
    }
    if (edits.length > 0)
      await record(trx, { orderId: existing.id, actor, at: changes.updated_at, type: 'EDITED', data: { changes: edits } });
    return true;
  });
  if (!updated) {
    if (!(await findOrder(ctx.db, existing.id))) throw AppError.notFound('Order');
    return null;
  }
  if (status !== existing.status) ctx.codeStock.stockChanged([existing.package_id]);
  const statusMoved =
    status !== existing.status || cancel.cancel_reason !== existing.cancel_reason || cancel.cancel_note !== existing.cancel_note;
  const kinds: OrderChangeKind[] = [...(statusMoved ? (['status'] as const) : []), ...(edits.length > 0 ? (['fields'] as const) : [])];
  return { changes, row: existing, kinds };
}

/** Marks the order read and every notification about it, in one transaction; the timeline hears of it once. */
export async function markRead(ctx: AppContext, id: string, admin: Admin | null = null): Promise<OrderDto> {
  const { row, marked } = await ctx.db.transaction().execute(async (trx) => {
    const outcome = await markReadIn(trx, id, admin);
    if (outcome === 'missing') throw AppError.notFound('Order');
    return { row: await findOrder(trx, id), marked: outcome === 'marked' };
  });
  const dto = toOrderDto(ctx, row!);
  // The buyer's page and colleagues hear of a read only when it was unread: opening a read order again changes nothing.
  if (marked) {
    announceChange(ctx, dto);
    announceStaffChanges(ctx, [staffChange(dto, ['read'], admin?.email ?? null)]);
  }
  return dto;
}

/** Inside a transaction: `marked` when it was unread (a READ entry is written), `already` when read, else `missing`. */
export async function markReadIn(trx: Db, id: string, admin: Admin | null): Promise<'marked' | 'already' | 'missing'> {
  if ((await repo.markOrderRead(trx, id)) === 0) return (await findOrder(trx, id)) !== undefined ? 'already' : 'missing';
  await repo.markNotificationsRead(trx, id);
  await record(trx, { orderId: id, actor: admin && { id: admin.id, email: admin.email }, type: 'READ', data: {} });
  return 'marked';
}
