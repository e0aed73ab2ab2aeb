// Reads and matches notices off the request path: the webhook stores a notice and answers; this reads it, then ties
// money in to the pending order it paid for, or leaves it waiting for its order, or shows staff the candidates.
// Every decision is a conditional write (repository.claim), so instances racing for one notice or one order agree.
import type { FastifyBaseLogger } from 'fastify';
import type { NoticeCandidate, PaymentNoticeDto, Wallet } from '@topup/contract/payment-phones';
import type { Db } from '../../db/database.ts';
import type { OrderEvents } from '../../events/order-events.ts';
import { nowIso } from '../../lib/time.ts';
import { record } from '../orders/timeline-record.ts';
import { parseNotice } from './notice-parser.ts';
import * as repo from './payment-phones.repository.ts';

export type NoticeProcessorOptions = {
  db: Db;
  events: OrderEvents;
  log: FastifyBaseLogger;
  /** Orders placed this long before or after the payment can be the one it paid for. */
  windowMinutes: number;
  /**
   * Orders whose payment state changed (committed): staff's lists show it live. `by` is null when the shop decided,
   * the staff member's email when attached by hand.
   */
  paymentChanged?: (orderIds: string[], by: string | null) => Promise<void>;
  /** How often notices stored but never read (an instance stopped in between) are looked for; 0: never. */
  sweepMs?: number;
};

export type NoticeProcessor = {
  /** A notice was stored: read and match it soon, after the answer has gone. */
  taken(noticeId: string): void;
  /** An order was placed (committed): a notice that arrived before it may be waiting for it. */
  orderPlaced(order: { id: string; subTotal: number; transactionNumber: string }): void;
  /** Reads and matches one notice now (the background path, and tests). */
  process(noticeId: string): Promise<void>;
  /** Tries the undecided notices that could be this order's. */
  matchOrder(order: { id: string; subTotal: number; transactionNumber: string }): Promise<void>;
  /** Resolves once every notice handed over so far has been processed. */
  idle(): Promise<void>;
  start(): void;
  close(): Promise<void>;
};

export function toNoticeDto(row: NonNullable<Awaited<ReturnType<typeof repo.noticeView>>>): PaymentNoticeDto {
  return {
    id: row.id,
    phoneId: row.phone_id,
    phoneName: row.phone_name ?? null,
    sender: row.sender,
    text: row.text,
    receivedAt: row.received_at,
    takenAt: row.taken_at,
    state: row.state as PaymentNoticeDto['state'],
    wallet: row.wallet,
    kind: row.kind,
    amount: row.amount,
    transactionId: row.txn_id,
    payer: row.payer,
    orderId: row.order_id,
    orderCode: row.order_code ?? null,
    matchedAt: row.matched_at,
    matchedBy: row.matched_by,
    candidates: row.candidates ? (JSON.parse(row.candidates) as NoticeCandidate[]) : [],
  };
}

/** The order's 6-digit number as the end of the wallet's transaction id; null when the id has no such end. */
export function orderNumberOf(transactionId: string | null): string | null {
  const m = transactionId ? /(\d{6})$/.exec(transactionId) : null;
  return m ? m[1]! : null;
}

const candidateOf = (o: repo.OrderCandidateRow): NoticeCandidate => ({
  orderId: o.id,
  code: o.code,
  subTotal: o.sub_total,
  transactionNumber: o.transaction_number,
  createdAt: o.created_at,
});

/** Which wallet an account's name is (KBZPay, "KBZ Pay", "Wave Money"…), by the parser's own rules; null if none. */
function walletOfAccount(name: string): Wallet | null {
  return parseNotice('', name).wallet;
}

/** When the money moved: the message's own time, else the phone's, else when it reached the server. */
function paymentTime(row: repo.NoticeRow): number {
  for (const t of [row.paid_at, row.received_at]) {
    const ms = t ? Date.parse(t) : NaN;
    if (!Number.isNaN(ms)) return ms;
  }
  return Date.parse(row.taken_at);
}

const MAX_CLAIM_TRIES = 3;

export function createNoticeProcessor(opts: NoticeProcessorOptions): NoticeProcessor {
  const { db, events, log } = opts;
  const windowMs = opts.windowMinutes * 60_000;
  const running = new Set<Promise<void>>();
  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;

  const announce = async (noticeId: string) => {
    const view = await repo.noticeView(db, noticeId);
    if (view) events.paymentNotice({ notice: toNoticeDto(view) });
  };

  async function read(row: repo.NoticeRow): Promise<repo.NoticeRow | null> {
    const parsed = parseNotice(row.text, row.sender);
    const state = parsed.kind === null ? 'unread' : parsed.kind === 'incoming' ? 'waiting' : 'ignored';
    const fields: repo.ReadFields = {
      state,
      wallet: parsed.wallet,
      kind: parsed.kind,
      amount: parsed.amount,
      txn_id: parsed.transactionId,
      payer: parsed.sender,
      paid_at: parsed.paidAt,
    };
    if (!(await repo.storeReading(db, row.id, fields))) return null;
    return { ...row, ...fields };
  }

  /** Decides one undecided notice against the open orders; true when the decision changed something. */
  async function decide(row: repo.NoticeRow, onlyOrderId?: string): Promise<void> {
    if (row.amount === null) return;
    const phone = await repo.phoneById(db, row.phone_id);
    const accountIds = phone ? (JSON.parse(phone.payment_account_ids) as string[]) : [];
    const wallets = new Set(
      (await repo.accountNames(db, accountIds)).map((a) => walletOfAccount(a.payment_name)).filter((w) => w !== null),
    );
    // Money into a wallet this phone does not receive for (a personal account on the same phone) pays no order.
    if (row.wallet && wallets.size > 0 && !wallets.has(row.wallet as Wallet)) {
      await repo.setUndecided(db, row.id, 'ignored', null);
      return;
    }
    const at = paymentTime(row);
    const number = orderNumberOf(row.txn_id);
    // Anyone can text the shop's phone a perfect "you received" message from an ordinary number: only a message
    // whose sender is a wallet or operator (its sender id, or the app a forwarder names) confirms by itself.
    const fromWallet = row.sender !== null && walletOfAccount(row.sender) !== null;
    for (let attempt = 0; attempt < MAX_CLAIM_TRIES; attempt++) {
      const window = { from: new Date(at - windowMs).toISOString(), to: new Date(at + windowMs).toISOString(), orderId: onlyOrderId };
      // By number first, on its own: among many pending orders of one amount (a popular price) the one this notice
      // names must not fall outside a page of same-amount orders.
      const byNumber = number ? await repo.openOrders(db, { ...window, amount: null, transactionNumber: number }) : [];
      const exact = byNumber.filter((o) => o.sub_total === row.amount);
      if (exact.length === 1 && fromWallet) {
        const order = exact[0]!;
        const matchedAt = nowIso();
        const outcome = await db.transaction().execute(async (trx) => {
          const claimed = await repo.claim(trx, row.id, order.id, matchedAt, null, repo.UNDECIDED);
          if (claimed === 'claimed') {
            await repo.markOrderReceived(trx, order.id);
            await record(trx, {
              orderId: order.id,
              actor: null,
              at: matchedAt,
              type: 'PAYMENT_RECEIVED',
              data: { noticeId: row.id, phoneName: phone?.name ?? null, amount: row.amount, transactionId: row.txn_id, byHand: false },
            });
          }
          return claimed;
        });
        if (outcome === 'claimed') {
          await opts.paymentChanged?.([order.id], null);
          return void (await announce(row.id));
        }
        if (outcome === 'notice-taken') return;
        continue; // the order was paid by another notice meanwhile: look again without it
      }
      if (onlyOrderId) return; // a look at one new order: the others were decided before
      if (exact.length >= 1)
        return void (await repo
          .setUndecided(db, row.id, 'candidates', JSON.stringify(exact.map(candidateOf)))
          .then(() => announce(row.id)));
      if (byNumber.length > 0) {
        await repo.setUndecided(db, row.id, 'amount_differs', JSON.stringify(byNumber.map(candidateOf)));
        const changed = await repo.markAmountDiffers(
          db,
          byNumber.map((o) => o.id),
        );
        if (changed.length) await opts.paymentChanged?.(changed, null);
        return void (await announce(row.id));
      }
      // No usable number, or none of the orders carries it: the same amount alone never decides.
      const sameAmount = await repo.openOrders(db, { ...window, amount: row.amount, transactionNumber: null });
      await repo.setUndecided(
        db,
        row.id,
        sameAmount.length ? 'candidates' : 'waiting',
        sameAmount.length ? JSON.stringify(sameAmount.map(candidateOf)) : null,
      );
      return void (await announce(row.id));
    }
  }

  async function process(noticeId: string, onlyOrderId?: string): Promise<void> {
    const row = await repo.noticeById(db, noticeId);
    if (!row) return;
    let current: repo.NoticeRow | null = row;
    if (row.state === 'new') {
      current = await read(row);
      if (current && current.state !== 'waiting') return void (await announce(row.id));
    }
    if (current && (repo.UNDECIDED as readonly string[]).includes(current.state) && current.order_id === null)
      await decide(current, onlyOrderId);
  }

  const track = (work: Promise<void>, what: string, id: string) => {
    const p = work.catch((err: unknown) => log.error({ err, id }, `payment notice ${what} failed; the sweep tries again`));
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  async function matchOrder(order: { id: string; subTotal: number; transactionNumber: string }) {
    const since = new Date(Date.now() - windowMs * 2).toISOString();
    const ids = new Set(
      [
        ...(await repo.undecidedByTransaction(db, order.transactionNumber, since)),
        ...(await repo.undecidedFor(db, order.subTotal, since)),
      ].map((r) => r.id),
    );
    for (const id of ids) {
      await process(id, order.id);
      // Re-look without the restriction: a notice that was "candidates" may now have more (or fewer) of them.
      const after = await repo.noticeById(db, id);
      if (after && after.order_id === null && (repo.UNDECIDED as readonly string[]).includes(after.state)) await process(id);
    }
  }

  return {
    taken(noticeId) {
      if (closed) return;
      track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => process(noticeId)),
        'reading',
        noticeId,
      );
    },
    orderPlaced(order) {
      if (closed) return;
      track(matchOrder(order), 'matching', order.id);
    },
    process: (id) => process(id),
    matchOrder,
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    start() {
      if (!opts.sweepMs) return;
      sweeper = setInterval(() => {
        track(
          repo.unreadSince(db, new Date(Date.now() - 10_000).toISOString()).then(async (rows) => {
            for (const { id } of rows) await process(id);
          }),
          'sweep',
          'unread',
        );
      }, opts.sweepMs);
      sweeper.unref();
    },
    async close() {
      closed = true;
      if (sweeper) clearInterval(sweeper);
      while (running.size) await Promise.all([...running]);
    },
  };
}
