// Payment notices: the shop's phone forwards "money received" messages to its webhook; how many a second the server
// takes, and how long from a notice's arrival to the staff's list row and the buyer's status page showing "received".
//
// The server is the built one at production defaults (lib/prod-server.ts: SQLite, in-process fan-out, LOG_LEVEL
// info), in its own process. Only the buyer's stream caps are lifted (STATUS_STREAMS_PER_ADDRESS: every page is opened
// from this one machine). One payment phone is registered through the API for the demo KBZPay account; its
// notices are SMS Gateway for Android's webhooks exactly as the app sends them (JSON, X-Signature = hex HMAC-SHA256
// over the raw body followed by X-Timestamp), each the wallet's message for one pending order: its total, and a
// transaction id ending in the order's 6-digit number. Orders are written straight into the database first (with a
// code and a tracking token, lib/tracked-orders.ts), as bench/status-stream.ts does.
//
// t0: just before the webhook POST is written. Staff: one official SignalR client (lib/payment-watchers.mjs) gets
// `ReceiveOrderChanged` (kind payment, paymentState received). Buyer: the order's status page stream gets a frame
// with paymentReceived. Both in another process, on the same monotonic clock (checked at start-up).
//
// Rounds, sent open-loop on a schedule (a slow answer does not delay the next notice):
//   1/s    NOTICES_SLOW (30) notices one second apart;
//   50/s   NOTICES_FAST (500) notices 20 ms apart;
//   burst  NOTICES_BURST (300) notices with NOTICES_BURST_CONCURRENCY (16) in flight: how many a second are taken
//          (answered 200) and matched (seen by staff), from another loopback address (the webhook's rate limit,
//          600 a minute per address, would otherwise refuse it; a real phone sends a few a minute).
// A delivery answered 503 (the server sheds load when its event loop lags) is sent again after NOTICES_RETRY_MS
// (1000), as the app retries; its times still count from the first try, and the retries are counted.
// Then NOTICES_REPLAYS (20) deliveries of the 50/s round are sent again as the app retries. Checked at the end, in the
// database: every notice stored once and matched, every order paid by exactly one notice with one PAYMENT_RECEIVED
// event; staff saw each order's payment exactly once; every buyer page saw it.
// Run: npm run build && npm run bench -- payment-notices.
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { env, median, monoMs, nextMessage, percentile, printTable, sleep } from './lib/driver.ts';
import { BENCH_ADMIN, startProdServer } from './lib/prod-server.ts';
import { seedTrackedOrders, type TrackedOrder } from './lib/tracked-orders.ts';

const SLOW = env('NOTICES_SLOW', 30);
const FAST = env('NOTICES_FAST', 500);
const BURST = env('NOTICES_BURST', 300);
const BURST_CONCURRENCY = env('NOTICES_BURST_CONCURRENCY', 16);
const REPLAYS = env('NOTICES_REPLAYS', 20);
const AMOUNT = 5000;

type Sent = {
  order: TrackedOrder;
  t0: number;
  answered: number;
  status: number;
  duplicate: boolean;
  raw: string;
  timestamp: string;
  /** Deliveries refused as "busy" (503, load shedding) and sent again, as the app does. */
  retries: number;
};

/** The app retries a failed delivery later (with backoff, for days); the bench sooner: after RETRY_MS. */
const RETRY_MS = env('NOTICES_RETRY_MS', 1000);

/** The app's webhook for one incoming KBZPay message paying `order`. */
function webhookBody(order: TrackedOrder, i: number): string {
  return JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `bench-${i}-${randomUUID()}`,
    payload: {
      messageId: String(i),
      message: `You have received ${AMOUNT.toLocaleString('en-US')} Ks from U Aung (09xxxxx${String(i % 10_000).padStart(4, '0')}). Trans ID: 0100${String(i).padStart(6, '0')}${order.number}. Balance 90,000 Ks`,
      phoneNumber: 'KBZPay',
      simNumber: 1,
      receivedAt: new Date().toISOString().replace('Z', '+00:00'),
    },
    webhookId: 'bench-webhook',
  });
}

const agents = new Map<string, http.Agent>();
/** One delivery as the app makes it: sent again after RETRY_MS while the server answers 503 (busy); t0 is the first try. */
async function deliver(url: string, raw: string, key: string, localAddress: string, timestamp?: string): Promise<Omit<Sent, 'order'>> {
  const first = await post(url, raw, key, localAddress, timestamp);
  let last = first;
  let retries = 0;
  while (last.status === 503 && retries < 30) {
    retries++;
    await sleep(RETRY_MS);
    last = await post(url, raw, key, localAddress, timestamp);
  }
  return { ...last, t0: first.t0, retries };
}

function post(url: string, raw: string, key: string, localAddress: string, timestamp?: string): Promise<Omit<Sent, 'order'>> {
  const ts = timestamp ?? String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', key)
    .update(raw + ts)
    .digest('hex');
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, maxSockets: 64 })));
  return new Promise((resolve, reject) => {
    const t0 = monoMs();
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'x-timestamp': ts,
          'x-signature': signature,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answered = monoMs();
          const text = Buffer.concat(chunks).toString('utf8');
          const duplicate = res.statusCode === 200 && (JSON.parse(text) as { payLoad: { duplicate: boolean } }).payLoad.duplicate;
          if (res.statusCode !== 200 && res.statusCode !== 503) console.warn(`  webhook answered ${res.statusCode}: ${text.slice(0, 200)}`);
          resolve({ t0, answered, status: res.statusCode ?? 0, duplicate, raw, timestamp: ts, retries: 0 });
        });
      },
    );
    req.on('socket', (s) => s.setNoDelay(true));
    req.on('error', reject);
    req.end(raw);
  });
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(1));

async function main() {
  const server = await startProdServer({ STATUS_STREAMS_PER_ADDRESS: '100000' });
  const base = server.url;
  const { db } = openDatabase({ url: `sqlite:${path.join(server.dataDir, 'shop.db')}` });
  let watcher: ChildProcess | undefined;
  try {
    const login = await fetch(`${base}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const token = ((await login.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
    const kbz = await db.selectFrom('config_settings').select('id').where('payment_name', '=', 'KBZPay').executeTakeFirstOrThrow();
    const registered = await fetch(`${base}/api/v1/PaymentPhone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Bench counter phone', paymentAccountIds: [kbz.id] }),
    });
    if (registered.status !== 201) throw new Error(`registering the phone: ${registered.status} ${await registered.text()}`);
    const phone = ((await registered.json()) as { payLoad: { webhookUrl: string; signingKey: string } }).payLoad;
    const hookUrl = `${base}${new URL(phone.webhookUrl).pathname}`;

    const orders = await seedTrackedOrders(server, SLOW + FAST + BURST, { firstNumber: 300_000, amount: AMOUNT });
    watcher = fork(new URL('./lib/payment-watchers.mjs', import.meta.url), [JSON.stringify({ base, token, pages: orders })], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await nextMessage(watcher, 'ready');
    const before = monoMs();
    const clock = nextMessage(watcher, 'clock');
    watcher.send({ type: 'clock' });
    const t = (await clock).t as number;
    if (t < before || t > monoMs()) throw new Error('the watcher process reads another clock');
    server.log.reset();

    const rounds: Array<{ name: string; sent: Sent[]; seconds: number }> = [];
    let n = 0;
    const paced = async (name: string, list: TrackedOrder[], gapMs: number) => {
      const start = monoMs();
      const pending: Promise<Sent>[] = [];
      for (const [i, order] of list.entries()) {
        const due = start + i * gapMs;
        while (monoMs() < due) await sleep(Math.max(0, Math.min(5, due - monoMs() - 1)));
        const raw = webhookBody(order, n++);
        pending.push(deliver(hookUrl, raw, phone.signingKey, '127.0.0.1').then((r) => ({ ...r, order })));
      }
      const sent = await Promise.all(pending);
      rounds.push({ name, sent, seconds: (Math.max(...sent.map((s) => s.answered)) - start) / 1000 });
    };
    await paced('1/s', orders.slice(0, SLOW), 1000);
    await sleep(2000);
    await paced('50/s', orders.slice(SLOW, SLOW + FAST), 20);
    await sleep(2000);
    {
      const list = orders.slice(SLOW + FAST);
      const start = monoMs();
      const sent: Sent[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: BURST_CONCURRENCY }, async () => {
          while (next < list.length) {
            const order = list[next++]!;
            sent.push({ ...(await deliver(hookUrl, webhookBody(order, n++), phone.signingKey, '127.0.0.2')), order });
          }
        }),
      );
      rounds.push({ name: 'burst', sent, seconds: (Math.max(...sent.map((s) => s.answered)) - start) / 1000 });
    }
    // The app retries a delivery it thinks failed: the same body and signature again, taken once.
    const replays = await Promise.all(
      rounds[1]!.sent.slice(0, REPLAYS).map((s) => deliver(hookUrl, s.raw, phone.signingKey, '127.0.0.3', s.timestamp)),
    );

    // Wait until staff and buyers have every payment (or 30 s), then collect.
    const deadline = Date.now() + 30_000;
    let paidCount = 0;
    while (Date.now() < deadline) {
      paidCount = Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('payment_state', '=', 'received')
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (paidCount >= orders.length) break;
      await sleep(200);
    }
    await sleep(1000);
    const samplesReply = nextMessage(watcher, 'samples');
    watcher.send({ type: 'collect' });
    const { staff, buyers, problems } = (await samplesReply) as unknown as {
      staff: Record<string, number[]>;
      buyers: Record<string, number>;
      problems: string[];
    };

    // Nothing lost, nothing matched twice: the database's own word.
    const notices = await db.selectFrom('payment_notices').select(['state', 'order_id']).execute();
    const paidByNotice = new Map<string, number>();
    for (const row of notices) if (row.order_id) paidByNotice.set(row.order_id, (paidByNotice.get(row.order_id) ?? 0) + 1);
    const events = await db
      .selectFrom('order_events')
      .select(['order_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'PAYMENT_RECEIVED')
      .groupBy('order_id')
      .execute();
    const sentAll = rounds.flatMap((r) => r.sent);
    const failures = [
      ...sentAll.filter((s) => s.status !== 200 || s.duplicate).map((s) => `delivery for ${s.order.code}: ${s.status}`),
      ...replays.filter((r) => r.status !== 200 || !r.duplicate).map((r) => `replay answered ${r.status}, duplicate ${r.duplicate}`),
      ...(notices.length !== sentAll.length ? [`${notices.length} notices stored for ${sentAll.length} deliveries`] : []),
      ...notices.filter((row) => row.state !== 'matched').map((row) => `a notice left ${row.state}`),
      ...orders.filter((o) => paidByNotice.get(o.id) !== 1).map((o) => `order ${o.code} paid by ${paidByNotice.get(o.id) ?? 0} notices`),
      ...events.filter((e) => Number(e.n) !== 1).map((e) => `order ${e.order_id}: ${e.n} PAYMENT_RECEIVED events`),
      ...(events.length !== orders.length ? [`${events.length} orders with a PAYMENT_RECEIVED event of ${orders.length}`] : []),
      ...orders.filter((o) => (staff[o.id]?.length ?? 0) !== 1).map((o) => `staff saw ${o.code} paid ${staff[o.id]?.length ?? 0} times`),
      ...orders.filter((o) => buyers[o.id] === undefined).map((o) => `the buyer's page of ${o.code} never showed "received"`),
      ...problems,
    ];

    console.log(
      `payment-notices: ${sentAll.length} signed SMS Gateway webhooks for ${orders.length} pending orders, one payment phone, built server at production defaults (SQLite, LOG_LEVEL info)`,
    );
    console.log(
      'ms from the webhook POST first being sent to: its (last) answer; the staff row (SignalR ReceiveOrderChanged); the buyer page (status stream)',
    );
    const rows = rounds.map(({ name, sent, seconds }) => {
      const answer = sent.map((s) => s.answered - s.t0);
      const toStaff = sent.map((s) => (staff[s.order.id]?.[0] ?? NaN) - s.t0).filter((x) => !Number.isNaN(x));
      const toBuyer = sent.map((s) => (buyers[s.order.id] ?? NaN) - s.t0).filter((x) => !Number.isNaN(x));
      const lastSeen = Math.max(...sent.map((s) => staff[s.order.id]?.[0] ?? 0));
      const firstSent = Math.min(...sent.map((s) => s.t0));
      return [
        name,
        String(sent.length),
        String(sent.reduce((sum, s) => sum + s.retries, 0)),
        (sent.length / seconds).toFixed(1),
        (sent.length / ((lastSeen - firstSent) / 1000)).toFixed(1),
        fmt(median(answer)),
        fmt(percentile(answer, 99)),
        fmt(median(toStaff)),
        fmt(percentile(toStaff, 99)),
        fmt(median(toBuyer)),
        fmt(percentile(toBuyer, 99)),
      ];
    });
    printTable(
      ['round', 'notices', 'busy (503)', 'taken/s', 'matched/s', 'answer p50', 'p99', 'staff row p50', 'p99', 'buyer page p50', 'p99'],
      rows,
    );
    console.log(
      `replays: ${replays.length} sent again, ${replays.filter((r) => r.duplicate).length} answered as already taken; server log: ${server.log.lines} lines, ${(server.log.bytes / 1024).toFixed(0)} KiB`,
    );
    if (failures.length) {
      console.error(`FAILED (${failures.length}):\n  ${failures.slice(0, 20).join('\n  ')}`);
      process.exitCode = 1;
    } else
      console.log(
        `checked: ${notices.length} notices stored once and matched, ${orders.length} orders paid once each, seen once by staff and by every buyer page`,
      );
  } finally {
    if (watcher && watcher.exitCode === null) watcher.kill();
    await db.destroy();
    for (const agent of agents.values()) agent.destroy();
    await server.stop();
  }
}

await main();
