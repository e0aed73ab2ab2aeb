// A buyer follows their own order: private tokens (random, stored as SHA-256), the masked status view, and
// "find my order" by phone and transaction number. Every failure to match answers the same "not found".
import { normalizeOrderCode } from '@topup/contract/order-codes';
import type { OrderStatus } from '@topup/contract/limits';
import {
  FIND_ORDER_DAYS,
  FIND_ORDER_MAX,
  type FindOrdersBody,
  type FoundOrderDto,
  type TrackedOrderDto,
  type TrackedStatusDto,
  type TrackedStatusesBody,
} from '@topup/contract/order-tracking';
import type { AppContext } from '../../context.ts';
import type { OrderRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { toOrderDto } from '../orders/order-dto.ts';
import * as repo from './order-tracking.repository.ts';
import { hashToken, issueToken } from './tracking-tokens.ts';
import { stageOf, trackedFromDto } from './tracked-view.ts';

export { hashToken, issueToken, trackedFromDto };
export { mask } from './tracked-view.ts';

/** The buyer's view of a stored row, through the staff DTO so both read a row one way. */
const trackedFromRow = (ctx: AppContext, row: OrderRow, paymentReceived = false): TrackedOrderDto =>
  trackedFromDto(toOrderDto(ctx, row), paymentReceived);

const NOT_FOUND = () => AppError.notFound('Order');

/** The order behind a code and its token; an unknown code, a wrong token or none at all are the same 404. */
export async function findTracked(
  ctx: AppContext,
  rawCode: string,
  token: string | undefined,
): Promise<{ orderId: string; order: TrackedOrderDto }> {
  const code = normalizeOrderCode(rawCode);
  // The query runs even for a malformed code or a missing token, so no answer is faster than another.
  const row = await repo.findOrderByCodeAndToken(ctx.db, code ?? '', hashToken(token ?? ''));
  if (!row || !code || !token) throw NOT_FOUND();
  const paymentReceived = await repo.isPaymentReceived(ctx.db, row.id);
  const order = trackedFromRow(ctx, row, paymentReceived);
  // Codes and how to redeem them: only here, on the private view of the order's own link.
  const delivery = await ctx.codeStock.trackedDelivery({ id: row.id, packageId: row.package_id, status: row.status }, paymentReceived);
  return { orderId: row.id, order: delivery ? { ...order, delivery } : order };
}

/** The package an order was bought from (its snapshot's id); null when unknown or deleted. */
export async function packageOfOrder(ctx: AppContext, orderId: string): Promise<string | null> {
  return repo.packageOfOrder(ctx.db, orderId);
}

/**
 * The current status of each order the buyer holds a link to, in the order asked, each once; an order whose code
 * or token doesn't match is left out, whichever of the two was wrong.
 */
export async function trackedStatuses(ctx: AppContext, body: TrackedStatusesBody): Promise<TrackedStatusDto[]> {
  const pairs = new Map<string, { code: string; tokenHash: string }>();
  const asked: string[] = [];
  for (const { code: raw, token } of body.orders) {
    const code = normalizeOrderCode(raw);
    if (!code || !token) continue;
    const tokenHash = hashToken(token);
    pairs.set(`${code}:${tokenHash}`, { code, tokenHash });
    if (!asked.includes(code)) asked.push(code);
  }
  if (pairs.size === 0) return [];
  const rows = await repo.findStatusesByCodeAndToken(ctx.db, [...pairs.values()]);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return asked.flatMap((code) => {
    const row = byCode.get(code);
    return row
      ? [{ code, status: row.status as OrderStatus, stage: stageOf(row.status, row.is_read === 1), updatedAt: row.updated_at }]
      : [];
  });
}

/** 09…, 959… and +959… are one number. */
export const canonicalPhone = (phone: string) => phone.replace(/^\+?959/, '09');

/**
 * The buyer's recent orders with this transaction number and phone, each with a fresh token for its status page.
 * An unknown transaction number and a known one with another phone run the same query and answer the same empty list.
 */
export async function findOrders(ctx: AppContext, body: FindOrdersBody): Promise<FoundOrderDto[]> {
  const since = new Date(Date.now() - FIND_ORDER_DAYS * 24 * 3600 * 1000).toISOString();
  const phone = canonicalPhone(body.mobileNumber);
  const rows = await repo.findRecentByTransactionNumber(ctx.db, body.transactionNumber, since, 50);
  const mine = rows.filter((r) => r.code && canonicalPhone(r.mobile_number) === phone).slice(0, FIND_ORDER_MAX);
  const found: FoundOrderDto[] = [];
  for (const row of mine) {
    const tracked = trackedFromRow(ctx, row);
    found.push({
      code: tracked.code,
      trackingToken: await issueToken(ctx, row.id),
      stage: tracked.stage,
      gameTitle: tracked.gameTitle,
      packageTitle: tracked.packageTitle,
      createdAt: tracked.createdAt,
    });
  }
  return found;
}
