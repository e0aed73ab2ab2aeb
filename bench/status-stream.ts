// Buyers' status stream: from a staff member's status change (PUT /api/v1/Order/{id}) to each open buyer page's
// event stream (GET /api/v1/OrderTracking/{code}/events) seeing it, with 1,000 pages open, p50 and p99; beside it, in
// the same run and against the same server, the hub's own broadcast: from a buyer placing an order
// (POST /api/v1/Order) to `ReceiveOrder` at each of 1,000 admin clients on WebSockets. The ratio of the p99s is the
// figure to watch (these machines are noisy); both are "request sent → client has it", request handling included.
//
// The server is the built one at production defaults (lib/prod-server.ts: SQLite, in-process fan-out, LOG_LEVEL
// info, the demo catalog), in its own process. Buyer streams and admin clients run in their own processes
// (lib/stream-clients.mjs, lib/hub-clients.mjs); times come from process.hrtime (CLOCK_MONOTONIC, shared by every
// process on the machine), checked at start-up. Two layouts of the 1,000 pages, one after the other:
//   one per order   1,000 orders, one page each (how buyers really watch): each change reaches one page;
//   100 per order   10 orders, 100 pages each (a burst: one change written to 100 streams at once).
// The hub's 1,000 admin clients stay connected throughout; the buyer pages of a layout are open while it runs.
// Orders for the pages are written straight into the database (with a code and a tracking token, no screenshot
// check, lib/tracked-orders.ts); the hub's orders are placed through the API from a few loopback addresses (the order rate limit is per
// address, ORDER_RATE_LIMIT, 20 a minute by default) and each is checked (OCR) as in production.
//
// Run: npm run build && npm run bench -- status-stream. Env: STREAM_PAGES (1000), STREAM_CHANGES (200, one-per-order
// layout), STREAM_BURST_ORDERS (10), HUB_CLIENTS (1000), HUB_ORDERS (40), STREAM_GAP_MS (100), HUB_GAP_MS (250),
// STREAM_CLIENT_PROCS (2).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import sharp from 'sharp';
import { env, monoMs, nextMessage, percentile, orderForm, printTable, sleep } from './lib/driver.ts';
import { BENCH_ADMIN, rssMb, startProdServer } from './lib/prod-server.ts';
import { seedTrackedOrders } from './lib/tracked-orders.ts';

const PAGES = env('STREAM_PAGES', 1000);
const CHANGES = env('STREAM_CHANGES', 200);
const BURST_ORDERS = env('STREAM_BURST_ORDERS', 10);
const HUB_CLIENTS = env('HUB_CLIENTS', 1000);
const HUB_ORDERS = env('HUB_ORDERS', 40);
const STREAM_GAP_MS = env('STREAM_GAP_MS', 100);
const HUB_GAP_MS = env('HUB_GAP_MS', 250);
const PROCS = env('STREAM_CLIENT_PROCS', 2);

/** Starts client processes and checks they read the driver's monotonic clock. */
async function startClients(script: string, args: object[]): Promise<ChildProcess[]> {
  const children = args.map((a) =>
    fork(new URL(script, import.meta.url), [JSON.stringify(a)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  await Promise.all(children.map((c) => nextMessage(c, 'ready')));
  for (const child of children) {
    const before = monoMs();
    const reply = nextMessage(child, 'clock');
    child.send({ type: 'clock' });
    const t = (await reply).t as number;
    if (t < before || t > monoMs()) throw new Error('a client process reads another clock');
  }
  return children;
}

async function collect(children: ChildProcess[]): Promise<Record<string, number[]>> {
  const all: Record<string, number[]> = {};
  for (const child of children) {
    const reply = nextMessage(child, 'samples');
    child.send({ type: 'collect' });
    const m = await reply;
    for (const p of (m.problems as string[]).slice(0, 5)) console.warn(`  client: ${p}`);
    for (const [key, times] of Object.entries(m.samples as Record<string, number[]>)) (all[key] ??= []).push(...times);
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
  return all;
}

/** `spreadP99`: per event, from its first delivery to each client's: the fan-out itself, without the request's work. */
type Result = { p50: number; p99: number; max: number; n: number; expected: number; events: number; answerP50: number; spreadP99: number };

function summarise(sent: Map<string, { t0: number; answered: number }>, received: Record<string, number[]>, perEvent: number): Result {
  const latencies: number[] = [];
  const answers: number[] = [];
  const spreads: number[] = [];
  for (const [key, { t0, answered }] of sent) {
    const times = received[key] ?? [];
    const first = Math.min(...times);
    for (const t of times) {
      latencies.push(t - t0);
      spreads.push(t - first);
    }
    answers.push(answered - t0);
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    n: latencies.length,
    expected: sent.size * perEvent,
    events: sent.size,
    answerP50: percentile(answers, 50),
    spreadP99: percentile(spreads, 99),
  };
}

/** POST /api/v1/Order as the storefront sends it, from a given loopback address. */
function placeOrder(base: string, packageId: string, screenshot: Buffer, localAddress: string): Promise<{ id: string }> {
  const fields = {
    inGameUserId: '5123456789',
    serverInfo: '1234',
    mobileNumber: '09791234567',
    tokenPackageId: packageId,
    quantity: '1',
    transactionNumber: String(200_000 + Math.floor(Math.random() * 700_000)),
    screenShot: '',
  };
  const { body, contentType } = orderForm(fields, screenshot, 'png');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/v1/Order`,
      { method: 'POST', localAddress, headers: { 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 201) return reject(new Error(`placing an order: ${res.statusCode} ${text}`));
          resolve((JSON.parse(text) as { payLoad: { id: string } }).payLoad);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  // The bench opens every page from one machine, 100 to an order in the burst round: the per-order and per-address
  // caps on open streams (a buyer's defence) are lifted so the fan-out itself is measured.
  const server = await startProdServer({ STATUS_STREAMS_PER_ORDER: '100000', STATUS_STREAMS_PER_ADDRESS: '100000' });
  const base = server.url;
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const login = await fetch(`${base}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const token = ((await login.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
    const auth = { authorization: `Bearer ${token}` };

    const changeStatus = async (id: string, status: 'COMPLETED' | 'CANCELLED') => {
      const form = new FormData();
      form.set('orderStatus', status);
      if (status === 'CANCELLED') form.set('cancelReason', 'PAYMENT_NOT_RECEIVED');
      const res = await fetch(`${base}/api/v1/Order/${id}`, { method: 'PUT', body: form, headers: auth });
      if (res.status !== 200) throw new Error(`status change: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    // The admins, connected for the whole run.
    const hubPerProc = Math.ceil(HUB_CLIENTS / PROCS);
    const admins = await startClients(
      './lib/hub-clients.mjs',
      Array.from({ length: PROCS }, (_, i) => ({
        mode: 'raw-ws',
        url: `${base}/dashboard`,
        token,
        count: Math.max(0, Math.min(hubPerProc, HUB_CLIENTS - i * hubPerProc)),
      })),
    );
    stops.push(async () => admins.forEach((c) => c.kill()));
    console.log(`  ${HUB_CLIENTS} admin hub clients connected`);

    /** Opens the pages, changes each listed order once (gap between changes), and measures. */
    const streamRound = async (
      label: string,
      orders: { id: string; code: string; token: string }[],
      pagesPerOrder: number,
      changes: number,
    ) => {
      const pages = orders.flatMap((o) => Array.from({ length: pagesPerOrder }, () => ({ code: o.code, token: o.token })));
      const perProc = Math.ceil(pages.length / PROCS);
      const buyers = await startClients(
        './lib/stream-clients.mjs',
        Array.from({ length: PROCS }, (_, i) => ({ base, pages: pages.slice(i * perProc, (i + 1) * perProc) })),
      );
      console.log(`  ${label}: ${pages.length} buyer pages open (server RSS ${rssMb(server.pid).toFixed(0)} MB)`);
      await sleep(500);
      const sent = new Map<string, { t0: number; answered: number }>();
      for (const [i, o] of orders.slice(0, changes).entries()) {
        const t0 = monoMs();
        await changeStatus(o.id, i % 2 ? 'CANCELLED' : 'COMPLETED');
        sent.set(o.code, { t0, answered: monoMs() });
        await sleep(STREAM_GAP_MS);
      }
      await sleep(1000);
      return summarise(sent, await collect(buyers), pagesPerOrder);
    };

    const single = await streamRound(
      'one page per order',
      await seedTrackedOrders(server, PAGES, { firstNumber: 100_000, amount: 5000 }),
      1,
      Math.min(CHANGES, PAGES),
    );
    const burstOrders = await seedTrackedOrders(server, BURST_ORDERS, { firstNumber: 100_000, amount: 5000 });
    const burst = await streamRound(
      `${Math.round(PAGES / BURST_ORDERS)} pages per order`,
      burstOrders,
      Math.round(PAGES / BURST_ORDERS),
      BURST_ORDERS,
    );

    // The hub: new orders placed by buyers reach every admin.
    const games = ((await (await fetch(`${base}/api/v1/Game?pageSize=100`)).json()) as { payLoad: { items: { id: string }[] } }).payLoad
      .items;
    const detail = (
      (await (await fetch(`${base}/api/v1/game/${games[0]!.id}`)).json()) as { payLoad: { tokenPackageDto: { id: string }[] } }
    ).payLoad;
    const packageId = detail.tokenPackageDto[0]!.id;
    const screenshot = await sharp({ create: { width: 120, height: 200, channels: 3, background: '#88aaff' } })
      .png()
      .toBuffer();
    const hubSent = new Map<string, { t0: number; answered: number }>();
    for (let i = 0; i < HUB_ORDERS; i++) {
      const t0 = monoMs();
      // 15 orders per loopback address keeps under the per-address order limit.
      const order = await placeOrder(base, packageId, screenshot, `127.0.0.${2 + Math.floor(i / 15)}`);
      hubSent.set(order.id, { t0, answered: monoMs() });
      await sleep(HUB_GAP_MS);
    }
    await sleep(1000);
    const hub = await collect(admins);
    stops.length = 0;
    const hubResult = summarise(hubSent, hub, HUB_CLIENTS);

    const fmt = (n: number) => n.toFixed(2);
    const row = (label: string, clients: number, r: Result, ratio: string) => [
      label,
      String(clients),
      String(r.events),
      fmt(r.answerP50),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      fmt(r.spreadP99),
      `${r.n}/${r.expected}`,
      ratio,
    ];
    console.log(`\nStatus stream vs hub broadcast: request sent → event at each client (ms), built server at production defaults`);
    printTable(
      ['path', 'clients', 'events', 'answer p50', 'p50', 'p99', 'max', 'after first p99', 'received/expected', 'p99 ÷ hub p99'],
      [
        row('PUT status → buyer stream (one page per order)', PAGES, single, `${(single.p99 / hubResult.p99).toFixed(2)}×`),
        row(
          `PUT status → buyer stream (${Math.round(PAGES / BURST_ORDERS)} pages per order)`,
          PAGES,
          burst,
          `${(burst.p99 / hubResult.p99).toFixed(2)}×`,
        ),
        row('POST order → ReceiveOrder at admins (hub)', HUB_CLIENTS, hubResult, '1.00×'),
      ],
    );
    console.log('"answer p50": the request\'s own answer time; "after first p99": from the first client that got an event to each');
    console.log('other (the fan-out alone; 0 with one page per order); "events": status changes or orders sent.');
    if (single.n < single.expected || burst.n < burst.expected || hubResult.n < hubResult.expected) {
      throw new Error('some clients missed an event');
    }
  } finally {
    for (const stop of stops) await stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
