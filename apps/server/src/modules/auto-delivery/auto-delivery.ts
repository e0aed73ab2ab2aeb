// Orders that complete themselves: when a payment phone's notice confirms an order by itself (not attached by hand)
// and the order's package is set to AUTO_ON_PAYMENT, the shop completes it, its codes delivered in the same
// transaction, within the owners' guardrails. Anything a guardrail holds waits for staff with an AUTO_HELD entry.
// Only a wallet notice starts this: a screenshot verdict never completes an order.
import type { FastifyBaseLogger } from 'fastify';
import type { AutoHoldReason } from '@topup/contract/auto-delivery';
import type { PaymentNoticeDto } from '@topup/contract/payment-phones';
import type { Db, Dialect } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { zonedDate } from '../../lib/time-zone.ts';
import { record } from '../orders/timeline-record.ts';
import type { CodeStock } from '../code-stock/code-stock.service.ts';
import * as repo from './auto-delivery.repository.ts';

export type AutoDelivery = {
  /** A notice confirmed this order (committed): complete it soon, off the notice's path. */
  paymentConfirmed(notice: PaymentNoticeDto): void;
  /** Decides one confirmed order now (the background path, and tests). */
  decide(notice: PaymentNoticeDto): Promise<'completed' | 'held' | 'skipped'>;
  idle(): Promise<void>;
  close(): Promise<void>;
};

/** Another order with this transaction number within this many days makes the order a possible duplicate. */
const DUPLICATE_DAYS = 30;

export type AutoDeliveryDeps = {
  db: Db;
  dialect: Dialect;
  codeStock: CodeStock;
  log: FastifyBaseLogger;
  timeZone: () => Promise<string>;
  /** The order was completed (committed): staff's hub, the buyer's page and the timeline's readers hear of it. */
  completed: (row: OrderRow) => void;
};

/** 09…, 959… and +959… are one buyer's phone. */
const canonicalPhone = (phone: string) => phone.replace(/^\+?959/, '09');

/** A time strictly after `previous`, so the completion moves `updatedAt` even within one millisecond. */
function nextUpdatedAt(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

type Outcome = { kind: 'completed'; row: OrderRow; delivered: number } | { kind: 'held'; reasons: AutoHoldReason[] } | { kind: 'skipped' };

export function createAutoDelivery(deps: AutoDeliveryDeps): AutoDelivery {
  const { log } = deps;
  const ctx = deps; // the same names the hooks use elsewhere (ctx.db, ctx.codeStock)
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let ensured = false;

  async function hold(orderId: string, noticeId: string, reasons: AutoHoldReason[]): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      if (await repo.alreadyHeld(trx, orderId, noticeId)) return;
      await record(trx, { orderId, actor: null, type: 'AUTO_HELD', data: { reasons, noticeId } });
    });
  }

  async function decide(notice: PaymentNoticeDto): Promise<'completed' | 'held' | 'skipped'> {
    const orderId = notice.orderId;
    // Attached by hand (matchedBy names the staff member) or not matched: staff are already on it.
    if (!orderId || notice.state !== 'matched' || notice.matchedBy !== null) return 'skipped';
    const first = await repo.order(ctx.db, ctx.dialect, orderId);
    if (!first || first.status !== 'PENDING') return 'skipped';
    const delivery = await ctx.codeStock.deliveryOf(first.package_id);
    if (delivery?.delivery_mode !== 'AUTO_ON_PAYMENT') return 'skipped';
    if (!ensured) {
      await repo.ensureSettings(ctx.db);
      ensured = true;
    }
    const day = zonedDate(Date.now(), await deps.timeZone());
    const since = new Date(Date.now() - DUPLICATE_DAYS * 86_400_000).toISOString();
    let outcome: Outcome;
    try {
      outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
        // The settings row first, locked: completions on every instance count against the limits one at a time.
        const s = await repo.settings(trx, ctx.dialect, true);
        const order = await repo.order(trx, ctx.dialect, orderId, true);
        if (!order || order.status !== 'PENDING') return { kind: 'skipped' };
        const phone = canonicalPhone(order.mobile_number);
        const reasons: AutoHoldReason[] = [];
        if (s.paused === 1) reasons.push('paused');
        if (s.max_order_amount !== null && order.sub_total > s.max_order_amount) reasons.push('overOrderAmount');
        if (notice.amount === null || Math.round(notice.amount * 100) !== Math.round(order.sub_total * 100)) reasons.push('amountDiffers');
        if (order.is_duplicate === 1 || (await repo.sharesTransactionNumber(trx, order, since))) reasons.push('duplicate');
        if (s.max_per_phone_per_day !== null && (await repo.countDay(trx, day, phone)) >= s.max_per_phone_per_day)
          reasons.push('overPhoneDaily');
        if (s.max_per_day !== null && (await repo.countDay(trx, day)) >= s.max_per_day) reasons.push('overDailyTotal');
        if (reasons.length > 0) return { kind: 'held', reasons };
        const at = nextUpdatedAt(order.updated_at);
        if ((await repo.complete(trx, order.id, order.updated_at, at)) === 0) return { kind: 'skipped' };
        // Throws 409 when stock can't cover it: everything above rolls back and the order waits for staff.
        const delivered = await ctx.codeStock.deliver(trx, { id: order.id, packageId: order.package_id, quantity: order.quantity });
        await record(trx, {
          orderId: order.id,
          actor: null,
          at,
          type: 'STATUS_CHANGED',
          data: {
            from: 'PENDING',
            to: 'COMPLETED',
            reason: null,
            note: null,
            bulk: false,
            automatic: { noticeId: notice.id, phoneName: notice.phoneName, amount: notice.amount, transactionId: notice.transactionId },
          },
        });
        if (delivered > 0) await record(trx, { orderId: order.id, actor: null, at, type: 'CODES_DELIVERED', data: { count: delivered } });
        await repo.insertCompletion(trx, { order_id: order.id, day, phone, notice_id: notice.id, at });
        return {
          kind: 'completed',
          row: {
            ...order,
            status: 'COMPLETED',
            operator_id: null,
            operator_email: null,
            updated_at: at,
            cancel_reason: null,
            cancel_note: null,
          },
          delivered,
        };
      });
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 409) outcome = { kind: 'held', reasons: ['outOfStock'] };
      else throw err;
    }
    if (outcome.kind === 'skipped') return 'skipped';
    if (outcome.kind === 'held') {
      await hold(orderId, notice.id, outcome.reasons);
      log.info({ orderId, noticeId: notice.id, reasons: outcome.reasons }, 'automatic completion held for staff');
      return 'held';
    }
    deps.completed(outcome.row);
    ctx.codeStock.stockChanged([outcome.row.package_id]);
    log.info({ orderId, noticeId: notice.id, codes: outcome.delivered }, 'order completed automatically');
    return 'completed';
  }

  return {
    paymentConfirmed(notice) {
      if (closed) return;
      const p = decide(notice).catch((err: unknown) =>
        log.error({ err, orderId: notice.orderId }, 'automatic completion failed; the order waits for staff'),
      );
      running.add(p);
      void p.finally(() => running.delete(p));
    },
    decide,
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    async close() {
      closed = true;
      while (running.size) await Promise.all([...running]);
    },
  };
}
