// Placing an order with a ~300 KB screenshot, in two phases, each on a fresh server (a separate process):
//  1. Closed loop (autocannon): 50 concurrent clients, each sending its next order the moment the last is answered —
//     latency p50/p99 beside a bare Fastify route that only reads the same multipart body, alternating, median of
//     several runs. This offers far more orders per second than a shop sees and than 2 cores can read receipts for;
//     it is kept as the stress figure. Afterwards the backlog of checks drains for a bounded while, which measures the
//     machine's checking capacity (receipts per second with the OCR busy all the time).
//  2. Buyers with think time: 50 concurrent buyers, each placing an order and then waiting (paying in the wallet
//     app, taking the screenshot) before the next; ORDER_THINK_S sets the mean wait (uniform ±50 %), one phase per
//     value. The offered rate is what a shop could see; reported: latency p50/p99 and placed → checked p50/p99/max.
// Every 201 must have its row and its stored file ("nothing lost"). The server is the BUILT one at its production
// defaults (lib/prod-server.ts), so its own figures come from where it keeps them: each request's time inside it from
// its request log, orders and checks from its SQLite file, its CPU from /proc. The request does only the cheap check
// (type, header, pixel count) and stores the file; re-encoding, fingerprint and OCR run afterwards as jobs.
// Budget: p99 under 100 ms at 50 concurrent clients, nothing lost, every order checked within 10 s.
// Run: npm run bench -- order-placement. Env: ORDER_CONNECTIONS (50), ORDER_REQUESTS (250 per measurement),
// ORDER_REPEATS (3), ORDER_IMAGE_KB (300), ORDER_CHECK_WAIT_S (60, backlog drain after phase 1), ORDER_THINK_S
// (comma-separated mean think times in seconds, "5,60"), ORDER_THINK_PHASE_S (120: how long buyers keep ordering).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createRenderer, randomLook, receiptHtml, seeded } from '../apps/server/test/fixtures/receipts.ts';
import { env, median, percentile, orderForm, printTable, sleep } from './lib/driver.ts';
import { cpuMicros, startBare, startFlags, startProdServer } from './lib/prod-server.ts';

const CONNECTIONS = env('ORDER_CONNECTIONS', 50);
const REQUESTS = env('ORDER_REQUESTS', 250);
const REPEATS = env('ORDER_REPEATS', 3);
const IMAGE_KB = env('ORDER_IMAGE_KB', 300);

/**
 * A payment receipt as a phone screenshot (the verification bench's generator: a KBZPay look-alike rendered by
 * Chromium at 3× on a 412 px wide screen, 1236 px), padded to about IMAGE_KB with a JPEG comment segment. The request
 * path's cost is the bytes, the check's the pixels: padding keeps both real. (This used to be a
 * gradient of random noise: OCR found hundreds of letters in the noise and each check cost 1–2.5 s of CPU, several
 * times a real receipt's.)
 */
async function screenshot(): Promise<Buffer> {
  const renderer = await createRenderer();
  try {
    const look = {
      ...randomLook(seeded(7), 'kbzpay'),
      burmese: false,
      burmeseDigits: false,
      width: 412,
      height: 892,
      scale: 1.5,
      rotateDeg: 0,
      jpegQuality: 90,
    };
    const facts = {
      amount: 5000,
      transactionId: '0100398402123456',
      paidAt: new Date(),
      receiverName: 'Aung Ko',
      receiverPhone: '09*****4567',
    };
    const jpeg = await renderer.render(receiptHtml(facts, look), look);
    const pad = IMAGE_KB * 1024 - jpeg.length;
    if (pad <= 0) return jpeg;
    // COM segments (FF FE, 16-bit length) right after SOI, at most 65533 bytes of payload each; re-encoding drops them.
    const segments: Buffer[] = [];
    for (let left = pad; left > 4;) {
      const payload = Math.min(65_533, left - 4);
      const segment = Buffer.alloc(4 + payload, 0x20);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(payload + 2, 2);
      segments.push(segment);
      left -= 4 + payload;
    }
    return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
  } finally {
    await renderer.close();
  }
}

async function load(url: string, body: Buffer, contentType: string, amount: number) {
  const r = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    connections: CONNECTIONS,
    amount,
    timeout: 30,
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: r.requests.average,
    ok: r['2xx'],
    bad: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

type Stats = {
  created: number;
  rows: number;
  files: number;
  checksQueued: number;
  checksDone: number;
  checksFailed: number;
  checkedP50: number;
  checkedP99: number;
  checkedMax: number;
  requestP50: number;
  requestP99: number;
  /** Share of one core the server process used since the last reset (1 = a whole core). */
  serverCpu: number;
};

const fmt = (n: number) => n.toFixed(1);
const seconds = (ms: number) => (Number.isFinite(ms) ? `${fmt(ms / 1000)} s` : '–');

/**
 * The built server at its production defaults (lib/prod-server.ts: `npm start`'s node flags and environment, log
 * level info, SQLite in a fresh DATA_DIR, the demo catalog), with one deliberate change: ORDER_RATE_LIMIT, since every
 * simulated buyer comes from 127.0.0.1. Beside it the bare Fastify route that reads the same multipart body.
 * What the server did is read from where it keeps it: orders and checks from its SQLite file (read-only, WAL lets
 * it read beside the writer), screenshots from its folder, the time each request took inside it from its request log.
 */
async function start(image: Buffer) {
  const server = await startProdServer({ ORDER_RATE_LIMIT: '100000' }, { keepRequests: true });
  const bare = await startBare([
    {
      method: 'POST',
      path: '/api/v1/Order',
      status: 201,
      body: Buffer.from('{"ok":true}').toString('base64'),
      headers: { 'content-type': 'application/json' },
    },
  ]);
  // A demo game with no server or zone to fill in, and one of its bank-transfer packages.
  type Game = { id: string; serverType: string; tokenPackageDto: { id: string; paymentMethod: string }[] };
  const list = (await (await fetch(`${server.url}/api/v1/Game?currentPage=1&pageSize=100`)).json()) as {
    payLoad: { items: { id: string; serverType: string }[] };
  };
  const game = list.payLoad.items.find((g) => g.serverType === 'NONE');
  if (!game) throw new Error('the demo catalog has no game without a server or zone');
  const detail = ((await (await fetch(`${server.url}/api/v1/game/${game.id}`)).json()) as { payLoad: Game }).payLoad;
  const packageId = detail.tokenPackageDto.find((p) => p.paymentMethod === 'NORMAL')!.id;
  const fields = {
    inGameUserId: '12345678',
    serverInfo: '',
    mobileNumber: '09123456789',
    tokenPackageId: packageId,
    quantity: '1',
    transactionNumber: '123456',
  };
  const form = orderForm(fields, image, 'jpeg');
  const db = new Database(path.join(server.dataDir, 'shop.db'), { readonly: true, fileMustExist: true });
  // Orders placed before a mark are left out of the check figures (a phase starts); CPU is counted from a reset.
  let phaseStart = new Date(0).toISOString();
  let cpuFrom = { micros: cpuMicros(server.pid), at: performance.now() };
  let createdBefore = 0;
  const placed = () => server.log.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/Order');
  const stats = (): Stats => {
    const rows = (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
    const files = readdirSync(path.join(server.dataDir, 'private', 'screenshots')).length;
    const checks = db
      .prepare('select c.state, c.checked_at, o.created_at from order_checks c join orders o on o.id = c.order_id where o.created_at >= ?')
      .all(phaseStart) as { state: string; checked_at: string | null; created_at: string }[];
    const checkedAfterMs = checks
      .filter((c) => c.state !== 'queued' && c.checked_at)
      .map((c) => Date.parse(c.checked_at!) - Date.parse(c.created_at));
    const orders = placed();
    const ms = orders.map((r) => r.ms);
    return {
      created: createdBefore + orders.filter((r) => r.status === 201).length,
      rows,
      files,
      checksQueued: checks.filter((c) => c.state === 'queued').length,
      checksDone: checks.filter((c) => c.state === 'done').length,
      checksFailed: checks.filter((c) => c.state === 'failed').length,
      checkedP50: percentile(checkedAfterMs, 50),
      checkedP99: percentile(checkedAfterMs, 99),
      checkedMax: checkedAfterMs.length ? Math.max(...checkedAfterMs) : NaN,
      requestP50: percentile(ms, 50),
      requestP99: percentile(ms, 99),
      serverCpu: (cpuMicros(server.pid) - cpuFrom.micros) / 1000 / (performance.now() - cpuFrom.at),
    };
  };
  return {
    server,
    appUrl: `${server.url}/api/v1/Order`,
    bareUrl: `${bare.url}/api/v1/Order`,
    form,
    stats,
    /** Starts a phase: check figures count orders placed from now on. */
    mark: () => void (phaseStart = new Date().toISOString()),
    /** Starts a measurement: request times and CPU from now on (`created` still counts the whole run). */
    reset: () => {
      createdBefore += placed().filter((r) => r.status === 201).length;
      server.log.reset();
      cpuFrom = { micros: cpuMicros(server.pid), at: performance.now() };
    },
    async stop() {
      db.close();
      bare.stop();
      await server.stop();
    },
  };
}

function nothingLost(s: Stats, failures: number) {
  const lost = s.created - s.rows;
  const orphanOrMissingFiles = s.files - s.rows;
  return `${s.created} orders answered 201 by the server, ${s.rows} rows, ${s.files} screenshot files; ${failures} failed answers at the clients → ${lost === 0 && orphanOrMissingFiles === 0 && failures === 0 ? 'ok' : `LOST/EXTRA rows ${lost}, files−rows ${orphanOrMissingFiles}`}`;
}

const checkLine = (c: Stats) =>
  `${c.checksDone} done, ${c.checksFailed} could not be checked, ${c.checksQueued} still queued (kept in the database) of ${c.rows}; ` +
  `placed → checked p50 ${seconds(c.checkedP50)}, p99 ${seconds(c.checkedP99)}, max ${seconds(c.checkedMax)} (budget 10 s: ${c.checksQueued === 0 && c.checksFailed === 0 && c.checkedMax < 10_000 ? 'ok' : 'NOT MET at this arrival rate'})`;

const inApp = (s: Stats) =>
  `in the server: request p50 ${fmt(s.requestP50)} p99 ${fmt(s.requestP99)} ms, CPU ${(100 * s.serverCpu).toFixed(0)} % of a core`;

/** Phase 1: closed loop. Returns the measured checking capacity (receipts/s) for phase 2's report. */
async function closedLoop(image: Buffer): Promise<number> {
  const run = await start(image);
  const { body, contentType } = run.form;
  try {
    await load(run.appUrl, body, contentType, 50);
    await load(run.bareUrl, body, contentType, 50);
    run.mark(); // the warm-up's orders are left out of the check figures
    const runs: { app: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>>; inside: Stats }[] = [];
    for (let i = 0; i < REPEATS; i++) {
      run.reset();
      const app = await load(run.appUrl, body, contentType, REQUESTS);
      const inside = run.stats();
      await sleep(300);
      const bare = await load(run.bareUrl, body, contentType, REQUESTS);
      await sleep(300);
      runs.push({ app, bare, inside });
      console.log(
        `  run ${i + 1}: app p50 ${app.p50} p99 ${app.p99} max ${app.max} ms, ${app.rps.toFixed(0)} orders/s (${app.ok} × 2xx, ${app.bad} other, ${app.errors} errors)` +
          ` | bare p50 ${bare.p50} p99 ${bare.p99} ms, ${bare.rps.toFixed(0)} req/s | ${inApp(inside)}`,
      );
    }
    const after = run.stats();
    // Give the backlog of checks a bounded while, then say where it stands (nothing is lost: unfinished checks stay
    // queued). While the backlog lasts the checks run flat out: finished per second is the checking capacity.
    const drainStart = Date.now();
    const drainUntil = drainStart + env('ORDER_CHECK_WAIT_S', 60) * 1000;
    let checks = after;
    let drained = after;
    let drainedAt = drainStart;
    while (checks.checksQueued > 0 && Date.now() < drainUntil) {
      await sleep(2000);
      checks = run.stats();
      if (checks.checksQueued > 0) {
        drained = checks;
        drainedAt = Date.now();
      }
    }
    const finished = (s: Stats) => s.checksDone + s.checksFailed;
    const capacity = drainedAt > drainStart ? (finished(drained) - finished(after)) / ((drainedAt - drainStart) / 1000) : NaN;
    const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
    const appP99 = m((r) => r.app.p99);
    const failures = runs.reduce((n, r) => n + r.app.bad + r.app.errors, 0);
    console.log(
      `\nPhase 1, closed loop (stress): ${(image.length / 1024).toFixed(0)} KB JPEG receipt screenshot (${(body.length / 1024).toFixed(0)} KB body), ${CONNECTIONS} concurrent clients each sending its next order at once, ${REQUESTS} requests per measurement, median of ${REPEATS} runs`,
    );
    printTable(
      ['route', 'p50 ms', 'p99 ms', 'req/s', 'in-server request p50/p99 ms', 'server CPU', 'p99 ratio', 'budget'],
      [
        [
          'app POST /api/v1/Order',
          String(m((r) => r.app.p50)),
          String(appP99),
          m((r) => r.app.rps).toFixed(0),
          `${fmt(m((r) => r.inside.requestP50))}/${fmt(m((r) => r.inside.requestP99))}`,
          `${(100 * m((r) => r.inside.serverCpu)).toFixed(0)} % of a core`,
          `${(appP99 / m((r) => r.bare.p99)).toFixed(1)}×`,
          appP99 < 100 ? 'ok (<100)' : 'OVER (100)',
        ],
        ['bare body read', String(m((r) => r.bare.p50)), String(m((r) => r.bare.p99)), m((r) => r.bare.rps).toFixed(0), '', '', '1×', ''],
      ],
    );
    console.log(`Screenshot checks: ${checkLine(checks)}`);
    console.log(`Checking capacity (backlog draining, no orders arriving): ${fmt(capacity)} receipts/s`);
    console.log(`Nothing lost: ${nothingLost(after, failures)}`);
    return capacity;
  } finally {
    await run.stop();
  }
}

/** Phase 2: buyers who think between orders. */
async function withThinkTime(image: Buffer, thinkS: number, capacity: number) {
  const run = await start(image);
  const { body, contentType } = run.form;
  const phaseMs = env('ORDER_THINK_PHASE_S', 120) * 1000;
  try {
    // Warm up (JIT, OCR workers' start), then wait for those checks so they don't count.
    await load(run.appUrl, body, contentType, CONNECTIONS);
    for (let waited = 0; run.stats().checksQueued > 0 && waited < 120; waited++) await sleep(1000);
    run.mark();
    run.reset();
    const latencies: number[] = [];
    let failures = 0;
    const started = Date.now();
    const buyer = async () => {
      // Buyers arrive spread over one think time, not all at once.
      await sleep(Math.random() * thinkS * 1000);
      while (Date.now() - started < phaseMs) {
        const t = performance.now();
        try {
          const res = await fetch(run.appUrl, { method: 'POST', body, headers: { 'content-type': contentType } });
          await res.arrayBuffer();
          if (res.status === 201) latencies.push(performance.now() - t);
          else failures++;
        } catch {
          failures++;
        }
        await sleep(thinkS * 1000 * (0.5 + Math.random()));
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, buyer));
    const placedMs = Date.now() - started;
    const inside = run.stats();
    const drainUntil = Date.now() + env('ORDER_CHECK_WAIT_S', 60) * 1000;
    let checks = inside;
    while (checks.checksQueued > 0 && Date.now() < drainUntil) {
      await sleep(1000);
      checks = run.stats();
    }
    const rate = latencies.length / (placedMs / 1000);
    console.log(
      `\nPhase 2, ${CONNECTIONS} concurrent buyers, think time ${thinkS} s (uniform ${thinkS / 2}–${(thinkS * 1.5).toFixed(0)} s) for ${phaseMs / 1000} s: ` +
        `${latencies.length} orders, offered ${rate.toFixed(2)} orders/s (measured checking capacity ${fmt(capacity)} receipts/s)`,
    );
    const p99 = percentile(latencies, 99);
    console.log(
      `  latency p50 ${fmt(percentile(latencies, 50))} p99 ${fmt(p99)} max ${fmt(Math.max(...latencies))} ms (budget 100 ms: ${p99 < 100 ? 'ok' : 'OVER'}); ${inApp(inside)}`,
    );
    console.log(`  screenshot checks: ${checkLine(checks)}`);
    console.log(`  nothing lost: ${nothingLost(inside, failures)}`);
  } finally {
    await run.stop();
  }
}

async function main() {
  const image = await screenshot();
  console.log(
    `Built server (node ${startFlags().join(' ')} apps/server/dist/main.js, as npm start runs it) at production defaults: log level info, SQLite, ` +
      `CHECK_WORKERS and every other setting at its default, ORDER_RATE_LIMIT raised (every buyer here is 127.0.0.1); ${CONNECTIONS} concurrent clients`,
  );
  const capacity = await closedLoop(image);
  const thinkTimes = (process.env.ORDER_THINK_S ?? '5,60')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  for (const thinkS of thinkTimes) await withThinkTime(image, thinkS, capacity);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
