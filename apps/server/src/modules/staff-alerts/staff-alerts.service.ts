// Staff alerts through Web Push. Events of this instance (an order placed here, a check finished here) and a periodic
// scan for orders about to break the delivery promise write delivery rows, one per order, kind and device (the unique
// key is the claim: a second instance or a second scan writes nothing). A sender on every instance leases due rows
// one by one and sends them, so each row leaves one instance once; failures are retried with backoff, a push
// service's 404/410 forgets the device, and an order someone opened (or took) meanwhile is not alerted about.
// Money a wallet notice says arrived with no order to take it is alerted about the same way: the delivery row carries
// the notice's id where an order's would be, and the alert is dropped if the notice found its order meanwhile.
// Low stock of a code package goes to owners only, once each time the package falls below its threshold (code stock
// announces each fall once across instances); the row carries the package's id, and the alert is dropped if the
// package was restocked meanwhile. It says counts and names, never a code.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { MSG, isLanguage, textOf, type Language } from '@topup/contract/messages';
import { DEFAULT_LANGUAGE } from '@topup/contract/limits';
import {
  DEFAULT_ALERT_PREFERENCES,
  DEFAULT_LATE_AT_PERCENT,
  type AlertKind,
  type AlertPayload,
  type AlertPreferencesDto,
} from '@topup/contract/staff-alerts';
import type { Config } from '../../config.ts';
import type { PaymentNoticeDto } from '@topup/contract/payment-phones';
import type { CodeStockDto } from '@topup/contract/code-stock';
import type { Db } from '../../db/database.ts';
import type { OrderEvents } from '../../events/order-events.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import * as repo from './staff-alerts.repository.ts';

export type StaffAlertOptions = {
  /** Tests only: accept http:// push endpoints on loopback (their own push service). */
  allowLoopbackHttp?: boolean;
  /** How often each instance looks for due deliveries (retries, and alerts claimed on another instance). */
  pollMs?: number;
  /** How often each instance scans for orders about to break the promise and for money still without its order. */
  lateScanMs?: number;
  /**
   * Money in with no order yet is announced only after waiting this long: buyers pay first and place the order after,
   * so almost every honest payment arrives a minute or two before its order (default 10 minutes).
   */
  unmatchedGraceMs?: number;
  /** First retry after this; each further one waits twice as long. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** A push service that has not answered by then counts as a failure (retried). */
  requestTimeoutMs?: number;
};

export type StaffAlerts = {
  readonly publicKey: string;
  /** Why an endpoint is refused, or null when it may be stored. */
  refuseEndpoint(endpoint: string): string | null;
  /** Claims an alert about an order for every device that wants it, then sends what is due. */
  alertOrder(orderId: string, kind: AlertKind): Promise<void>;
  /** Claims an alert about a notice's money with no order (if it is that) for every device that wants it, then sends. */
  alertUnmatchedPayment(notice: Pick<PaymentNoticeDto, 'id' | 'kind' | 'state' | 'orderId'>): Promise<void>;
  /** Claims an alert about a code package that fell below its threshold for every owner's device, then sends. */
  alertLowStock(packageId: string): Promise<void>;
  /** One late-order scan now (tests; the timer runs it too). */
  scanLateOrders(): Promise<void>;
  /** One scan for money that has waited past the grace period without its order (tests; the timer runs it too). */
  scanWaitingPayments(): Promise<void>;
  /** Sends what is due now; resolves when this round is done. */
  sendDue(): Promise<void>;
  start(): void;
  close(): Promise<void>;
};

type Deps = {
  config: Config;
  db: Db;
  events: OrderEvents;
  log: FastifyBaseLogger;
  /** The shop's time zone and delivery promise (shop settings, cached there). */
  shop: () => Promise<{ timeZone: string; deliveryMinutes: number }>;
  /** A code package's stock now (code stock's counts and its low flag); null when it is no longer sold as codes. */
  stockOf: (packageId: string) => Promise<CodeStockDto | null>;
  options?: StaffAlertOptions;
};

const KIND_COLUMN = {
  newOrder: 'newOrder',
  lateOrder: 'lateOrder',
  checkProblem: 'checkProblem',
  unmatchedPayment: 'unmatchedPayment',
} as const;
/** Notice states of money in that no order took: none could, or several could and staff choose. */
const UNMATCHED_STATES: readonly string[] = ['waiting', 'candidates', 'amount_differs'];
const WALLET_NAMES: Record<string, string> = {
  kbzpay: 'KBZPay',
  wavepay: 'WavePay',
  ayapay: 'AYA Pay',
  cbpay: 'CB Pay',
  uabpay: 'UAB Pay',
  onepay: 'OnePay',
  mpt: 'MPT',
  atom: 'ATOM',
  ooredoo: 'Ooredoo',
  mytel: 'Mytel',
};

/** Money in that no order took (yet): what the unmatched-payment alert is about. */
export function isUnmatchedPayment(notice: { kind: string | null; state: string; orderId: string | null }): boolean {
  return notice.kind === 'incoming' && notice.orderId === null && UNMATCHED_STATES.includes(notice.state);
}
/** A push message older than this is of no use to anyone: the push service may drop it (seconds). */
const PUSH_TTL_S = 15 * 60;
const LEASE_MS = 60_000;
/** VAPID tokens may live up to 24 h (RFC 8292); 12 h, renewed an hour early. */
const VAPID_VALID_S = 12 * 3600;
const BATCH = 50;
const KEEP_HISTORY_MS = 3 * 24 * 3600_000;

/** Minutes of the day (0–1439) of `instant` in `timeZone`. */
export function minutesOfDay(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `now` (minutes of the day) falls in [start, end), which may cross midnight. */
export function inQuietHours(now: number, quiet: AlertPreferencesDto['quietHours']): boolean {
  if (!quiet) return false;
  const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const start = toMin(quiet.start);
  const end = toMin(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Literal addresses of this network (an endpoint there would make the server a door into it). */
function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const version = isIP(host);
  if (version === 4)
    return /^(0\.|10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(host);
  if (version === 6) return host === '::' || host === '::1' || /^(fc|fd|fe8|fe9|fea|feb|::ffff:)/.test(host);
  return false;
}

export function preferencesFrom(
  row:
    | {
        newOrder: number | null;
        lateOrder: number | null;
        checkProblem: number | null;
        unmatchedPayment: number | null;
        quietStart: string | null;
        quietEnd: string | null;
      }
    | undefined,
): AlertPreferencesDto {
  if (!row || row.newOrder === null) return DEFAULT_ALERT_PREFERENCES;
  return {
    newOrder: row.newOrder === 1,
    lateOrder: row.lateOrder === 1,
    checkProblem: row.checkProblem === 1,
    unmatchedPayment: row.unmatchedPayment !== 0,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function titleOf(kind: AlertKind, code: string, reuse: boolean): string {
  if (kind === 'newOrder') return MSG.alertNewOrderTitle(code);
  if (kind === 'lateOrder') return MSG.alertLateOrderTitle(code);
  return reuse ? MSG.alertReuseTitle(code) : MSG.alertMismatchTitle(code);
}

/** What leased deliveries are about, read once per round. */
type Subjects = {
  orders: Map<string, repo.AlertOrder>;
  notices: Map<string, repo.AlertNotice>;
  stocks: Map<string, CodeStockDto | null>;
};

/** Where a delivery's subject lives: its row holds an order's id, a payment notice's or a code package's. */
const subjectOf = (kind: string): keyof Subjects => (kind === 'unmatchedPayment' ? 'notices' : kind === 'lowStock' ? 'stocks' : 'orders');

export function createStaffAlerts({ config, db, events, log, shop, stockOf, options = {} }: Deps): StaffAlerts {
  const pollMs = options.pollMs ?? 2000;
  const lateScanMs = options.lateScanMs ?? 15_000;
  const unmatchedGraceMs = options.unmatchedGraceMs ?? 10 * 60_000;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const maxAttempts = options.maxAttempts ?? 6;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const vapidDetails = { subject: config.vapid.subject, publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };

  let timers: NodeJS.Timeout[] = [];
  let closed = false;
  let round: Promise<void> | null = null;
  let again = false;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  async function recipients(kind: AlertKind): Promise<Array<{ subscriptionId: string; userId: string }>> {
    const { timeZone } = await shop();
    const now = minutesOfDay(Date.now(), timeZone);
    const rows = await repo.listRecipients(db);
    return rows.filter((r) => {
      const prefs = preferencesFrom(r);
      // Low stock is the owners' (they add codes) and has no preference of its own: the package's threshold is the switch.
      const wanted = kind === 'lowStock' ? r.role === 'owner' : prefs[KIND_COLUMN[kind]];
      return wanted && !inQuietHours(now, prefs.quietHours);
    });
  }

  async function claim(orderIds: string[], kind: AlertKind): Promise<void> {
    if (orderIds.length === 0) return;
    const who = await recipients(kind);
    if (who.length === 0) return;
    const now = nowIso();
    const rows: repo.Delivery[] = orderIds.flatMap((orderId) =>
      who.map((r) => ({
        id: randomUUID(),
        order_id: orderId,
        kind,
        subscription_id: r.subscriptionId,
        user_id: r.userId,
        state: 'queued' as const,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        error: null,
        created_at: now,
        sent_at: null,
      })),
    );
    // Chunks keep each statement under both databases' parameter limits.
    for (let i = 0; i < rows.length; i += 200) await repo.claimDeliveries(db, rows.slice(i, i + 200));
  }

  function payloadFor(d: repo.Delivery, order: repo.AlertOrder | undefined, language: Language): AlertPayload | 'drop' {
    // Someone opened it (or it was completed, cancelled, deleted): whoever opened it is on it.
    if (!order || order.is_read === 1) return 'drop';
    if (d.kind !== 'checkProblem' && order.status !== 'PENDING') return 'drop';
    const kind = d.kind as AlertKind;
    const code = order.code ?? order.id.slice(0, 8);
    const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(order.created_at)) / 60_000));
    return {
      kind,
      orderId: order.id,
      title: textOf(titleOf(kind, code, order.is_duplicate === 1), language),
      body: textOf(MSG.alertBody(order.game_title, formatAmount(order.sub_total), order.package_currency, minutes), language),
      url: `/dashboard/order-detail/${encodeURIComponent(order.id)}`,
      tag: `${kind}:${order.id}`,
    };
  }

  function paymentPayloadFor(d: repo.Delivery, notice: repo.AlertNotice | undefined, language: Language): AlertPayload | 'drop' {
    // The notice found its order (by itself or by hand) since the claim: nothing left to do.
    if (!notice || notice.amount === null || !isUnmatchedPayment({ kind: notice.kind, state: notice.state, orderId: notice.order_id }))
      return 'drop';
    const since = Date.parse(notice.paid_at ?? notice.received_at ?? notice.taken_at);
    const minutes = Number.isNaN(since) ? 0 : Math.max(0, Math.floor((Date.now() - since) / 60_000));
    const wallet = notice.wallet ? (WALLET_NAMES[notice.wallet] ?? notice.wallet) : '?';
    return {
      kind: 'unmatchedPayment',
      orderId: notice.id,
      title: textOf(MSG.alertUnmatchedPaymentTitle(formatAmount(notice.amount)), language),
      body: textOf(MSG.alertUnmatchedPaymentBody(wallet, minutes), language),
      url: '/dashboard/payments',
      tag: `${d.kind}:${notice.id}`,
    };
  }

  function lowStockPayloadFor(d: repo.Delivery, stock: CodeStockDto | null | undefined, language: Language): AlertPayload | 'drop' {
    // Restocked (or no longer sold as codes) since the claim: nothing to warn about.
    if (!stock?.low) return 'drop';
    const name = stock.gameTitle ? `${stock.gameTitle} – ${stock.packageTitle}` : stock.packageTitle;
    return {
      kind: 'lowStock',
      orderId: stock.packageId,
      title: textOf(MSG.alertLowStockTitle(name), language),
      body: textOf(MSG.alertLowStockBody(stock.available, stock.lowStockThreshold), language),
      url: `/dashboard/code-stock/${encodeURIComponent(stock.packageId)}`,
      tag: `${d.kind}:${stock.packageId}`,
    };
  }

  /**
   * The VAPID Authorization header per push service origin, signed once and reused until an hour before it expires:
   * signing costs several ms, the per-device encryption under one.
   */
  const vapidHeaders = new Map<string, { authorization: string; renewAt: number }>();
  function vapidAuthorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && cached.renewAt > Date.now()) return cached.authorization;
    const expiresAt = Math.floor(Date.now() / 1000) + VAPID_VALID_S;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapidDetails.subject,
      vapidDetails.publicKey,
      vapidDetails.privateKey,
      'aes128gcm',
      expiresAt,
    );
    if (vapidHeaders.size > 100) vapidHeaders.clear();
    vapidHeaders.set(audience, { authorization: Authorization, renewAt: (expiresAt - 3600) * 1000 });
    return Authorization;
  }

  async function post(device: repo.Device, payload: AlertPayload): Promise<number> {
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      { TTL: PUSH_TTL_S, urgency: 'high', contentEncoding: 'aes128gcm', headers: { Authorization: vapidAuthorization(device.endpoint) } },
    );
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  }

  /** Sends one leased delivery; answers whether it was sent. */
  async function deliver(d: repo.Delivery, device: repo.Device | undefined, subject: Subjects, language: Language): Promise<boolean> {
    try {
      if (!device) return false;
      const from = subjectOf(d.kind);
      const payload =
        from === 'notices'
          ? paymentPayloadFor(d, subject.notices.get(d.order_id), language)
          : from === 'stocks'
            ? lowStockPayloadFor(d, subject.stocks.get(d.order_id), language)
            : payloadFor(d, subject.orders.get(d.order_id), language);
      if (payload === 'drop') {
        await repo.finishDelivery(db, d.id, 'dropped', nowIso());
        return false;
      }
      let status: number;
      try {
        status = await post(device, payload);
      } catch (err) {
        status = 0;
        log.warn({ err, deliveryId: d.id }, 'push service unreachable');
      }
      if (status >= 200 && status < 300) {
        await repo.finishDelivery(db, d.id, 'sent', nowIso());
        return true;
      }
      if (status === 404 || status === 410) {
        // The browser dropped the subscription (alerts turned off, site data cleared): forget the device.
        log.info({ subscriptionId: device.id, status }, 'push subscription gone; device removed');
        await repo.forgetDevice(db, device.id);
        return false;
      }
      const attempts = d.attempts + 1;
      // 400/413: this message can never pass; anything else (429, 5xx, network) may on a later try.
      if (status === 400 || status === 413 || attempts >= maxAttempts) {
        log.warn({ deliveryId: d.id, status, attempts }, 'staff alert not delivered');
        await repo.finishDelivery(db, d.id, 'failed', nowIso(), `HTTP ${status}`);
        return false;
      }
      await repo.retryLater(db, d.id, attempts, isoAfter(retryBaseMs * 2 ** (attempts - 1)), `HTTP ${status}`);
    } catch (err) {
      log.error({ err, deliveryId: d.id }, 'staff alert delivery failed');
      // The lease runs out and the row is tried again.
    }
    return false;
  }

  async function sendRound(): Promise<void> {
    for (;;) {
      const due = await repo.dueDeliveries(db, nowIso(), BATCH);
      if (due.length === 0) return;
      const now = nowIso();
      const until = isoAfter(LEASE_MS);
      const mine = (await Promise.all(due.map(async (d) => ((await repo.lease(db, d, now, until)) ? d : null)))).filter((d) => d !== null);
      // What the leased rows need, read once for all of them.
      const devices = new Map((await repo.findDevicesByIds(db, [...new Set(mine.map((d) => d.subscription_id))])).map((x) => [x.id, x]));
      const ids = (of: keyof Subjects) => [...new Set(mine.filter((d) => subjectOf(d.kind) === of).map((d) => d.order_id))];
      const subjects: Subjects = {
        orders: new Map((await repo.findOrdersForAlert(db, ids('orders'))).map((o) => [o.id, o])),
        notices: new Map((await repo.findNoticesForAlert(db, ids('notices'))).map((n) => [n.id, n])),
        stocks: new Map(await Promise.all(ids('stocks').map(async (id) => [id, await stockOf(id)] as const))),
      };
      const languages = new Map<string, Language>();
      for (const u of await repo.languagesOf(db, [...new Set(mine.map((d) => d.user_id))]))
        languages.set(u.id, isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE);
      const sent = await Promise.all(
        mine.map((d) => deliver(d, devices.get(d.subscription_id), subjects, languages.get(d.user_id) ?? DEFAULT_LANGUAGE)),
      );
      await repo.markDevicesUsed(
        db,
        mine.filter((_, i) => sent[i]).map((d) => d.subscription_id),
        nowIso(),
      );
      if (due.length < BATCH || closed) return;
    }
  }

  /** One round at a time per instance; a call during a round asks for another right after it. */
  function sendDue(): Promise<void> {
    if (closed) return Promise.resolve();
    if (round) {
      again = true;
      return round;
    }
    round = track(
      (async () => {
        try {
          do {
            again = false;
            await sendRound();
          } while (again && !closed);
        } catch (err) {
          log.error({ err }, 'staff alert round failed');
        } finally {
          round = null;
        }
      })(),
    );
    return round;
  }

  async function alertOrder(orderId: string, kind: AlertKind): Promise<void> {
    if (closed) return;
    await claim([orderId], kind);
    await sendDue();
  }

  async function alertUnmatchedPayment(notice: Pick<PaymentNoticeDto, 'id' | 'kind' | 'state' | 'orderId'>): Promise<void> {
    if (closed || !isUnmatchedPayment(notice)) return;
    await claim([notice.id], 'unmatchedPayment');
    await sendDue();
  }

  async function alertLowStock(packageId: string): Promise<void> {
    if (closed) return;
    // Code stock announces each fall below the threshold once: an alert of an earlier fall must not keep this one out.
    await repo.forgetFinished(db, packageId, 'lowStock');
    await claim([packageId], 'lowStock');
    await sendDue();
  }

  async function scanLateOrders(): Promise<void> {
    if (closed) return;
    const { deliveryMinutes } = await shop();
    const percent = (await repo.findLateAtPercent(db)) ?? DEFAULT_LATE_AT_PERCENT;
    const promiseMs = deliveryMinutes * 60_000;
    const lateAfterMs = Math.floor((promiseMs * percent) / 100);
    const now = Date.now();
    // Orders that crossed the line recently: a scan after a long outage does not alert about last week.
    const from = new Date(now - lateAfterMs - Math.max(promiseMs, 10 * 60_000)).toISOString();
    const to = new Date(now - lateAfterMs).toISOString();
    const orders = await repo.pendingUnopenedBetween(db, from, to, 500);
    await claim(
      orders.map((o) => o.id),
      'lateOrder',
    );
    if (orders.length > 0) await sendDue();
  }

  async function scanWaitingPayments(): Promise<void> {
    if (closed) return;
    const now = Date.now();
    // Notices that crossed the grace line recently: a scan after a long outage does not alert about last week.
    const from = new Date(now - unmatchedGraceMs - 24 * 3600_000).toISOString();
    const to = new Date(now - unmatchedGraceMs).toISOString();
    const notices = await repo.waitingNoticesBetween(db, from, to, 500);
    await claim(
      notices.map((n) => n.id),
      'unmatchedPayment',
    );
    if (notices.length > 0) await sendDue();
  }

  // The orders service and the checks call these synchronously after their commit: the claim runs on its own and a
  // failure is logged, never thrown back into placing an order.
  const run = (what: string, job: () => Promise<void>) => {
    if (closed) return;
    track(job()).catch((err) => log.error({ err }, `staff alert: ${what} failed`));
  };
  let unsubscribe: Array<() => void> = [];

  return {
    publicKey: config.vapid.publicKey,
    refuseEndpoint(endpoint) {
      if (!URL.canParse(endpoint)) return 'not a URL';
      const url = new URL(endpoint);
      if (url.username || url.password) return 'credentials in URL';
      if (options.allowLoopbackHttp && url.protocol === 'http:' && isLoopback(url.hostname)) return null;
      if (url.protocol !== 'https:') return 'not https';
      if (isPrivateAddress(url.hostname) && !(options.allowLoopbackHttp && isLoopback(url.hostname))) return 'private address';
      return null;
    },
    alertOrder,
    alertUnmatchedPayment,
    alertLowStock,
    scanLateOrders,
    scanWaitingPayments,
    sendDue,
    start() {
      if (timers.length > 0 || closed) return;
      unsubscribe = [
        events.onOrderCreated(({ order }) => run('new order', () => alertOrder(order.id, 'newOrder'))),
        events.onOrderVerdict((v) => {
          if (v.verdict !== 'mismatch' && !v.isDuplicate) return;
          run('check problem', () => alertOrder(v.orderId, 'checkProblem'));
        }),
        // Announced after each decision on a notice: money staff must decide about (several candidates, another amount)
        // is claimed at once, once per device; money merely waiting for its order is left to the grace-period scan.
        events.onPaymentNotice(({ notice }) => {
          if (notice.state !== 'waiting' && isUnmatchedPayment(notice)) run('unmatched payment', () => alertUnmatchedPayment(notice));
        }),
        // Announced once per fall below the package's threshold, on the instance whose change made it fall.
        events.onLowStock(({ stock }) => run('low stock', () => alertLowStock(stock.packageId))),
      ];
      const poll = setInterval(() => void sendDue(), pollMs);
      const scan = setInterval(() => {
        run('late scan', scanLateOrders);
        run('waiting payment scan', scanWaitingPayments);
      }, lateScanMs);
      const prune = setInterval(
        () => run('prune', () => repo.pruneDeliveries(db, new Date(Date.now() - KEEP_HISTORY_MS).toISOString())),
        3600_000,
      );
      timers = [poll, scan, prune];
      for (const t of timers) t.unref();
    },
    async close() {
      closed = true;
      for (const stop of unsubscribe) stop();
      unsubscribe = [];
      for (const t of timers) clearInterval(t);
      timers = [];
      await Promise.allSettled([...inFlight]);
    },
  };
}
