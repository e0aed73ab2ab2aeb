// Orders: the rules of placing one (server-side price, quantity, server/zone, screenshot), the snapshot of what was
// bought, and what admins do with orders afterwards (read, update, delete, clean) and their notifications.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FieldErrors, Page } from '@topup/contract/envelope';
import { SERVER_OPTIONS, type CleanType, type OrderStatus, type ServerType } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import type { NotificationDto } from '@topup/contract/notifications';
import { ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH, normalizeOrderCode } from '@topup/contract/order-codes';
import { CANCEL_MSG, type CancelReason } from '@topup/contract/order-reasons';
import type { CleanOrderBody, CreateOrderForm, OrderDto, UpdateOrderForm } from '@topup/contract/orders';
import type { OrderChangeKind, OrderChangedEvent } from '@topup/contract/order-changes';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import type { NotificationsTable, OrderChanges, OrderRow } from '../../db/schema.ts';
import { AppError, headlineOf } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import * as repo from './orders.repository.ts';
import { eraseEditedValues, forgetOrders, record, type Actor } from './timeline.service.ts';
import { orderFlags, type EditableOrderField, type OrderFilterQuery, type OrderFlag } from '@topup/contract/workbench';
import { hasFilters, resolveFilter } from './list-filters.ts';

export const SCREENSHOT_FIELD = 'file_ScreenShot';

/** Only finished orders are ever cleaned; a PENDING order still needs an admin. */
const CLEANABLE: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];
const CLEAN_BATCH = 500;

/** A fresh order code from a cryptographic source (see @topup/contract/order-codes). */
export function newOrderCode(): string {
  let code = '';
  for (let i = 0; i < ORDER_CODE_LENGTH; i++) code += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return code;
}

/** True when an insert failed only because the random code was taken (1 in 10^12 per pair; retried). */
function isCodeCollision(err: unknown): boolean {
  const e = err as { constraint?: string; message?: string };
  return isUniqueViolation(err) && (e.constraint === 'orders_code_idx' || /orders\.code\b/.test(e.message ?? ''));
}

export function toOrderDto(ctx: AppContext, row: OrderRow): OrderDto {
  return {
    id: row.id,
    code: row.code,
    inGameUserId: row.in_game_user_id,
    serverInfo: row.server_info,
    mobileNumber: row.mobile_number,
    gameId: row.game_id,
    gameTitle: row.game_title,
    tokenPackageDto: {
      id: row.package_id,
      tokenTitle: row.package_title,
      unit: row.package_unit,
      price: row.package_price,
      currency: row.package_currency,
      packageImage: ctx.media.publicUrl(row.package_image),
    },
    paymentMethod: row.payment_method,
    status: row.status as OrderStatus,
    quantity: row.quantity,
    subTotal: row.sub_total,
    transactionNumber: row.transaction_number,
    screenShot: ctx.media.screenshotUrl(row.screenshot),
    userDto: row.operator_email ? { email: row.operator_email } : null,
    isRead: row.is_read === 1,
    cancelReason: (row.cancel_reason as CancelReason | null) ?? null,
    cancelNote: row.cancel_note ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    verdict: (row.verdict as OrderDto['verdict']) ?? null,
    isDuplicate: row.is_duplicate === 1,
  };
}

export function toNotificationDto(row: NotificationsTable): NotificationDto {
  return { id: row.id, orderId: row.order_id, message: row.message, isRead: row.is_read === 1, createdAt: row.created_at };
}

/** Cents, so 0.1 × 3 is 0.3 and a client's 0.30000000000000004 compares equal. */
const cents = (n: number) => Math.round(n * 100);

/** Checks serverInfo against the game's server type; answers the value to store or an error message. */
function checkServerInfo(serverType: string, value: string): { value: string } | { error: string } {
  switch (serverType as ServerType) {
    case 'SERVER': {
      if (!value) return { error: MSG.serverRequired };
      const option = SERVER_OPTIONS.find((o) => o.toLowerCase() === value.toLowerCase());
      return option ? { value: option } : { error: MSG.serverOption };
    }
    case 'ZONEID':
      return value ? { value } : { error: MSG.zoneRequired };
    default:
      // A game without servers has nothing to say here; whatever came is not kept.
      return { value: '' };
  }
}

/** The staff notification; it names the order code, so staff can answer a buyer who reads it out. */
function newOrderMessage(code: string, gameTitle: string, packageTitle: string, quantity: number): string {
  return MSG.newOrder(gameTitle, packageTitle, quantity, code);
}

function fail(errors: FieldErrors): never {
  throw AppError.badRequest(headlineOf(errors), errors);
}

export async function createOrder(
  ctx: AppContext,
  form: CreateOrderForm,
  screenshot: Buffer | undefined,
  log: FastifyBaseLogger,
  /** The buyer's address: whose turn it is in the image-work queue (unused since the check moved off the request path). */
  _source = 'anonymous',
): Promise<OrderDto> {
  // A retry of an order that was placed (its reply lost on a bad connection) gets that order back, not a second one.
  if (form.idempotencyKey) {
    const placed = await repo.findOrderByIdempotencyKey(ctx.db, form.idempotencyKey);
    if (placed) return toOrderDto(ctx, placed);
  }
  // Every rule that needs no file is checked before the file is stored, so a refused order never writes one.
  const errors: FieldErrors = {};
  const pkg = await repo.findPackageWithGame(ctx.db, form.tokenPackageId);
  let serverInfo = '';
  let subTotal = 0;
  if (!pkg) {
    errors.tokenPackageId = [MSG.notFound('Package')];
  } else if (pkg.is_disable === 1) {
    errors.tokenPackageId = [MSG.gameDisabled];
  } else {
    if (form.quantity > 1 && pkg.can_add_quantity !== 1) errors.quantity = [MSG.quantityNotAllowed];
    const server = checkServerInfo(pkg.server_type, form.serverInfo);
    if ('error' in server) errors.serverInfo = [server.error];
    else serverInfo = server.value;
    subTotal = cents(pkg.price * form.quantity) / 100;
    // The client's figure is only a check that the buyer saw the price they will be asked to pay.
    if (form.subTotal !== undefined && cents(form.subTotal) !== cents(subTotal)) errors.subTotal = [MSG.subTotalChanged];
  }
  if (!screenshot) errors[SCREENSHOT_FIELD] = [MSG.screenshotRequired];
  if (!pkg || Object.keys(errors).length > 0) fail(errors);

  // Only the cheap checks and dropping metadata here; re-encoding, fingerprint and reading the receipt run as a job
  // (modules/verification).
  const stored = await ctx.media.storeScreenshot(SCREENSHOT_FIELD, screenshot!);
  const now = nowIso();
  const order: OrderRow = {
    id: randomUUID(),
    code: newOrderCode(),
    in_game_user_id: form.inGameUserId,
    server_info: serverInfo,
    mobile_number: form.mobileNumber,
    game_id: pkg.game_id,
    game_title: pkg.game_title,
    package_id: pkg.id,
    package_title: pkg.token_title,
    package_unit: pkg.unit,
    package_price: pkg.price,
    package_currency: pkg.currency,
    package_image: pkg.package_image,
    payment_method: pkg.payment_method,
    quantity: form.quantity,
    sub_total: subTotal,
    transaction_number: form.transactionNumber,
    screenshot: stored,
    status: 'PENDING',
    operator_id: null,
    operator_email: null,
    is_read: 0,
    created_at: now,
    updated_at: now,
    idempotency_key: form.idempotencyKey ?? null,
    cancel_reason: null,
    cancel_note: null,
    verdict: 'pending',
    is_duplicate: 0,
  };
  const notification: NotificationsTable = {
    id: randomUUID(),
    order_id: order.id,
    // Stored as a catalogue reference: each reader gets it in their own language (docs/decisions/0029).
    message: newOrderMessage(order.code!, pkg.game_title, pkg.token_title, form.quantity),
    is_read: 0,
    created_at: now,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await repo.insertOrder(trx, order);
          await repo.insertNotification(trx, notification);
          await record(trx, { orderId: order.id, actor: null, at: now, type: 'PLACED', data: { code: order.code ?? null } });
          await ctx.verification.queueInTransaction(trx, order.id, now);
        });
        break;
      } catch (err) {
        if (attempt >= 3 || !isCodeCollision(err)) throw err;
        order.code = newOrderCode();
        notification.message = newOrderMessage(order.code, pkg.game_title, pkg.token_title, form.quantity);
      }
    }
  } catch (err) {
    await ctx.media.discard('private', [stored]);
    // Two copies of one retry raced: the other committed first, so answer with its order.
    if (form.idempotencyKey && isUniqueViolation(err)) {
      const placed = await repo.findOrderByIdempotencyKey(ctx.db, form.idempotencyKey);
      if (placed) return toOrderDto(ctx, placed);
    }
    throw err;
  }

  ctx.verification.committed(order.id);
  const dto = toOrderDto(ctx, order);
  try {
    ctx.events.orderCreated({ order: dto, notification: toNotificationDto(notification) });
  } catch (err) {
    // The order is committed and the buyer must hear so; a failing listener is the hub's problem, not theirs.
    log.error({ err, orderId: order.id }, 'orderCreated listener failed');
  }
  return dto;
}

export async function listOrders(
  ctx: AppContext,
  searchTerm: string,
  currentPage: number,
  pageSize: number,
  filters?: OrderFilterQuery,
): Promise<Page<OrderDto>> {
  // Filters or another sort: one query over the filter indexes, the search term inside it.
  if (filters && hasFilters(filters)) {
    const where = await resolveFilter(ctx, filters, searchTerm);
    const { rows, total } = await repo.listFiltered(ctx.db, ctx.dialect, where, filters.sort, offsetOf(currentPage, pageSize), pageSize);
    return toPage(
      rows.map((r) => toOrderDto(ctx, r)),
      currentPage,
      pageSize,
      total,
    );
  }
  // Staff type or paste the code a buyer reads out: an exact code answers that one order.
  const code = normalizeOrderCode(searchTerm);
  if (code) {
    const row = await repo.findOrderByCode(ctx.db, code);
    if (row) return toPage(currentPage === 1 ? [toOrderDto(ctx, row)] : [], currentPage, pageSize, 1);
  }
  const { rows, total } = await repo.searchOrders(ctx.db, ctx.dialect, searchTerm, offsetOf(currentPage, pageSize), pageSize);
  return toPage(
    rows.map((r) => toOrderDto(ctx, r)),
    currentPage,
    pageSize,
    total,
  );
}

/** Everyone who can work orders, as the operator filter offers them. */
export function listOperators(ctx: AppContext): Promise<Array<{ id: string; email: string }>> {
  return repo.listOperators(ctx.db);
}

export async function getOrder(ctx: AppContext, id: string): Promise<OrderDto> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw AppError.notFound('Order');
  return toOrderDto(ctx, row);
}

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
  let existing = await repo.findOrder(ctx.db, id);
  if (!existing) throw AppError.notFound('Order');
  if (form.expectedUpdatedAt && !sameInstant(form.expectedUpdatedAt, existing.updated_at)) throw changedSince(existing);

  const stored = screenshot ? await ctx.media.storeImage('private', SCREENSHOT_FIELD, screenshot) : null;
  let result: { changes: OrderChanges; row: OrderRow; kinds: OrderChangeKind[] } | null = null;
  try {
    for (let attempt = 1; attempt <= UPDATE_ATTEMPTS && !result; attempt++) {
      if (attempt > 1) {
        existing = await repo.findOrder(ctx.db, id);
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
    const serverType = existing.game_id ? await repo.findGameServerType(ctx.db, existing.game_id) : null;
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
    if (!(await repo.findOrder(ctx.db, existing.id))) throw AppError.notFound('Order');
    return null;
  }
  const statusMoved =
    status !== existing.status || cancel.cancel_reason !== existing.cancel_reason || cancel.cancel_note !== existing.cancel_note;
  const kinds: OrderChangeKind[] = [...(statusMoved ? (['status'] as const) : []), ...(edits.length > 0 ? (['fields'] as const) : [])];
  return { changes, row: existing, kinds };
}

/** Tells listeners (buyers' status streams) after commit; their failure never fails the staff's change. */
export function announceChange(ctx: AppContext, order: OrderDto) {
  try {
    ctx.events.orderChanged(order);
  } catch {
    // A listener's own error is its to log; the change is committed.
  }
}

/** Staff's view of one committed change, for colleagues' open lists and details (docs/decisions/0063). */
export function staffChange(order: OrderDto, changes: OrderChangeKind[], by: string | null): OrderChangedEvent {
  // The check's verdict travels in its own event only: a change never carries a verdict that may already be old.
  const { verdict: _verdict, isDuplicate: _isDuplicate, ...row } = order;
  return { orderId: order.id, changes, updatedAt: order.updatedAt, by, deleted: false, order: row };
}

export function staffDeletion(orderId: string, by: string | null): OrderChangedEvent {
  return { orderId, changes: ['deleted'], updatedAt: null, by, deleted: true, order: null };
}

/** Tells colleagues' dashboards after commit (the hub, on every instance); never fails the change itself. */
export function announceStaffChanges(ctx: AppContext, events: OrderChangedEvent[]) {
  try {
    ctx.events.staffChanges(events);
  } catch {
    // As announceChange: the change is committed, a listener's error is its own.
  }
}

/**
 * Deletes one order; its timeline stays with a DELETE_REQUESTED entry naming who, the values of its edits erased
 * (docs/decisions/0054). A deleted order's timeline is never served again.
 */
export async function deleteOrder(ctx: AppContext, admin: Admin, id: string): Promise<{ id: string }> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
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

/** Marks the order read and every notification about it, in one transaction; the timeline hears of it once. */
export async function markRead(ctx: AppContext, id: string, admin: Admin | null = null): Promise<OrderDto> {
  const { row, marked } = await ctx.db.transaction().execute(async (trx) => {
    const outcome = await markReadIn(trx, id, admin);
    if (outcome === 'missing') throw AppError.notFound('Order');
    return { row: await repo.findOrder(trx, id), marked: outcome === 'marked' };
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
  if ((await repo.markOrderRead(trx, id)) === 0) return (await repo.findOrder(trx, id)) !== undefined ? 'already' : 'missing';
  await repo.markNotificationsRead(trx, id);
  await record(trx, { orderId: id, actor: admin && { id: admin.id, email: admin.email }, type: 'READ', data: {} });
  return 'marked';
}

export async function listNotifications(
  ctx: AppContext,
  searchTerm: string,
  currentPage: number,
  pageSize: number,
): Promise<Page<NotificationDto>> {
  const [rows, total] = await Promise.all([
    repo.listUnreadNotifications(ctx.db, searchTerm, offsetOf(currentPage, pageSize), pageSize),
    repo.countUnreadNotifications(ctx.db, searchTerm),
  ]);
  return toPage(rows.map(toNotificationDto), currentPage, pageSize, total);
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
