// Placing an order: the server-side price, quantity, server/zone and screenshot rules, the snapshot of what was
// bought, its staff notification and timeline entry in one transaction, and retries that answer the order already placed.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FieldErrors } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH } from '@topup/contract/order-codes';
import type { CreateOrderForm, OrderDto } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { NotificationsTable, OrderRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { record } from './timeline.service.ts';
import { toNotificationDto, toOrderDto } from './order-dto.ts';
import { checkServerInfo, fail } from './order-rules.ts';
import * as repo from './placement.repository.ts';

export const SCREENSHOT_FIELD = 'file_ScreenShot';

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

/** Cents, so 0.1 × 3 is 0.3 and a client's 0.30000000000000004 compares equal. */
const cents = (n: number) => Math.round(n * 100);

/** The staff notification; it names the order code, so staff can answer a buyer who reads it out. */
function newOrderMessage(code: string, gameTitle: string, packageTitle: string, quantity: number): string {
  return MSG.newOrder(gameTitle, packageTitle, quantity, code);
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
  // A code package without enough codes can't be bought: refused before anything is stored.
  await ctx.codeStock.checkAvailable(pkg.id, form.quantity);

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
    payment_state: null,
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
          // Its codes are set aside with it, N or none: an order is never sold and then found empty.
          await ctx.codeStock.reserve(trx, { id: order.id, packageId: pkg.id, quantity: form.quantity });
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
  ctx.codeStock.stockChanged([pkg.id]);
  const dto = toOrderDto(ctx, order);
  try {
    ctx.events.orderCreated({ order: dto, notification: toNotificationDto(notification) });
  } catch (err) {
    // The order is committed and the buyer must hear so; a failing listener is the hub's problem, not theirs.
    log.error({ err, orderId: order.id }, 'orderCreated listener failed');
  }
  return dto;
}
