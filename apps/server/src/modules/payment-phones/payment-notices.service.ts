// What staff see of payment notices: every notice with its order, an order's payment as the wallet told it, and
// money that came with no order attached to one by hand (recorded on the order's timeline and on the notice).
import {
  PAYMENT_PHONE_MSG,
  type NoticeCandidate,
  type OrderPaymentDto,
  type PaymentNoticeDto,
  type PaymentNoticeListQuery,
} from '@topup/contract/payment-phones';
import type { Page } from '@topup/contract/envelope';
import type { AppContext } from '../../context.ts';
import type { Admin } from '../auth/admin.ts';
import { AppError } from '../../lib/errors.ts';
import { paging } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import { record } from '../orders/timeline.service.ts';
import { toOrderDto } from '../orders/order-dto.ts';
import { toNoticeDto } from './notice-processor.ts';
import * as repo from './payment-phones.repository.ts';

export async function listNotices(ctx: AppContext, query: PaymentNoticeListQuery): Promise<Page<PaymentNoticeDto>> {
  const { rows, total } = await repo.listNoticeViews(ctx.db, {
    state: query.state,
    orderId: query.orderId,
    offset: (query.currentPage - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(toNoticeDto), paging: paging(query.currentPage, query.pageSize, total) };
}

/** received: a notice paid for it; amount_differs: a notice names its number with another amount; else not yet. */
export async function orderPayment(ctx: AppContext, orderId: string): Promise<OrderPaymentDto> {
  if (!(await repo.orderExists(ctx.db, orderId))) throw AppError.notFound('Order');
  const { rows } = await repo.listNoticeViews(ctx.db, { orderId, offset: 0, limit: 20 });
  const paid = rows.find((r) => r.order_id === orderId);
  if (paid) return { orderId, state: 'received', notice: toNoticeDto(paid) };
  const differs = rows.find((r) => r.state === 'amount_differs');
  if (differs) return { orderId, state: 'amount_differs', notice: toNoticeDto(differs) };
  return { orderId, state: 'not_received', notice: null };
}

/** States a notice of money in can be in before it pays for an order; unread ones are staff's to judge. */
const ATTACHABLE = ['waiting', 'candidates', 'amount_differs', 'unread'] as const;

export async function attachNotice(ctx: AppContext, admin: Admin, noticeId: string, orderId: string): Promise<PaymentNoticeDto> {
  const notice = await repo.noticeById(ctx.db, noticeId);
  if (!notice) throw AppError.notFound('Payment notice');
  if (notice.order_id) throw AppError.conflict(PAYMENT_PHONE_MSG.alreadyMatched);
  if (!(ATTACHABLE as readonly string[]).includes(notice.state)) throw AppError.field('id', PAYMENT_PHONE_MSG.notMoneyIn);
  if (!(await repo.orderExists(ctx.db, orderId))) throw AppError.field('orderId', PAYMENT_PHONE_MSG.orderUnknown);
  const phone = await repo.phoneById(ctx.db, notice.phone_id);
  const at = nowIso();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await repo.claim(trx, noticeId, orderId, at, admin.email, ATTACHABLE);
    if (claimed === 'claimed') {
      await repo.markOrderReceived(trx, orderId);
      await record(trx, {
        orderId,
        actor: { id: admin.id, email: admin.email },
        at,
        type: 'PAYMENT_RECEIVED',
        data: { noticeId, phoneName: phone?.name ?? null, amount: notice.amount, transactionId: notice.txn_id, byHand: true },
      });
    }
    return claimed;
  });
  if (outcome === 'order-taken')
    throw AppError.conflict(PAYMENT_PHONE_MSG.orderAlreadyPaid, { orderId: [PAYMENT_PHONE_MSG.orderAlreadyPaid] });
  if (outcome === 'notice-taken') throw AppError.conflict(PAYMENT_PHONE_MSG.alreadyMatched);
  // Orders this notice had named with another amount are not "amount differs" any more (unless another notice says so).
  const named = notice.candidates ? (JSON.parse(notice.candidates) as NoticeCandidate[]).map((c) => c.orderId) : [];
  const cleared = await repo.clearAmountDiffers(
    ctx.db,
    named.filter((id) => id !== orderId),
  );
  await announceOrderPayment(ctx, [orderId, ...cleared], admin.email);
  const dto = toNoticeDto((await repo.noticeView(ctx.db, noticeId))!);
  ctx.events.paymentNotice({ notice: dto });
  return dto;
}

/**
 * Tells staff's lists (the hub's `ReceiveOrderChanged`, kind `payment`) that these orders' payment state changed.
 * The order's version (`updatedAt`) stays: a payment is the wallet's word, not an edit that would make staff's open
 * form stale.
 */
export async function announceOrderPayment(ctx: AppContext, orderIds: string[], by: string | null): Promise<void> {
  if (!orderIds.length) return;
  const rows = await ctx.db.selectFrom('orders').selectAll().where('id', 'in', orderIds).execute();
  ctx.events.staffChanges(
    rows.map((row) => {
      const { verdict: _verdict, isDuplicate: _isDuplicate, ...order } = toOrderDto(ctx, row);
      return { orderId: row.id, changes: ['payment'], updatedAt: row.updated_at, by, deleted: false, order };
    }),
  );
}
