// Placed → verdict under load: for each rate (orders a second, open loop: an order every 1/rate s whatever the
// answers), a fresh server from source with its checks on (production defaults: CHECK_WORKERS, limits), receipts
// rendered by Chromium (a few distinct ones, each order with its own transaction number), orders placed over HTTP
// for a while, then a drain. Reports per rate the orders placed, how many got their verdict within the run, and
// placed → verdict p50/p99 over *all* orders (one still unchecked at the end counts as longer than the run), and what
// the check processes' CPU says a core sustains: checks per CPU-second of the check processes (process CPU from
// /proc), so cores needed = rate / per-core rate, beside what placing the orders costs the server process.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createRenderer, randomFacts, randomLook, receiptHtml, seeded } from '../../apps/server/test/fixtures/receipts.ts';
import { env, median, orderForm, percentile, printTable, sleep } from './driver.ts';

const RATES = (process.env.VERIFY_RATES ?? '1,5,20,100').split(',').map(Number);
const SECONDS = env('VERIFY_RATE_SECONDS', 20);
const DRAIN_SECONDS = env('VERIFY_DRAIN_SECONDS', 30);
const RECEIPTS = 12;
const PRICE = 12500;

/** CPU seconds (user + system, all threads) of these processes so far; processes gone since are not counted. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

type RateResult = {
  rate: number;
  placed: number;
  failedToPlace: number;
  checked: number;
  p50: number;
  p99: number;
  checkCpuPerCheck: number;
  placeCpuPerOrder: number;
};

async function runRate(rate: number, receipts: Buffer[]): Promise<RateResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-rates-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ORDER_RATE_LIMIT: '100000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(process.env.CHECK_WORKERS ? { CHECK_WORKERS: process.env.CHECK_WORKERS } : {}),
  });
  const app = await buildApp(config, { logger: false, webDir: path.join(dataDir, 'no-web'), verification: {} });
  try {
    const db = app.ctx.db;
    const now = new Date().toISOString();
    const gameId = randomUUID();
    const packageId = randomUUID();
    await db
      .insertInto('games')
      .values({
        id: gameId,
        title: 'Bench',
        description: '',
        order_index: 1,
        server_type: 'NONE',
        is_disable: 0,
        logo: null,
        banner_image: null,
        game_profile_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('token_packages')
      .values({
        id: packageId,
        game_id: gameId,
        token_title: 'Pack',
        unit: 100,
        price: PRICE,
        currency: 'MMK',
        payment_method: 'NORMAL',
        can_add_quantity: 0,
        package_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('config_settings')
      .values({
        id: randomUUID(),
        payment_name: 'KBZPay',
        phone: '09777124567',
        order_index: 1,
        logo: null,
        is_active: 1,
        created_at: now,
        holder_name: null,
        payment_method: 'NORMAL',
      })
      .execute();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    // Warm the check processes (start, model load) before timing: a running shop has them warm.
    const warm = await place(base, packageId, receipts[0]!, 0);
    if (warm) await waitChecked(db, [warm], 60_000);
    const checkPids = () => app.ctx.verification.sandbox.stats().pids;
    const pidsAtStart = checkPids();
    const checkCpu0 = cpuSeconds(pidsAtStart);
    const serverCpu0 = process.cpuUsage();

    const total = Math.max(1, Math.round(rate * SECONDS));
    const started = Date.now();
    const ids: string[] = [];
    let failedToPlace = 0;
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      sends.push(
        place(base, packageId, receipts[(i + 1) % receipts.length]!, i + 1).then((id) => {
          if (id) ids.push(id);
          else failedToPlace++;
        }),
      );
    }
    await Promise.all(sends);
    const serverCpu = process.cpuUsage(serverCpu0);
    const placeCpuPerOrder = (serverCpu.user + serverCpu.system) / 1e6 / Math.max(1, ids.length);
    const end = Date.now() + DRAIN_SECONDS * 1000;
    await waitChecked(db, ids, end - Date.now());
    const runEnd = Date.now();
    const pids = [...new Set([...pidsAtStart, ...checkPids()])];
    const checkCpu = cpuSeconds(pids) - checkCpu0;

    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('order_checks as c', 'c.order_id', 'o.id')
      .select(['o.id', 'o.created_at', 'c.checked_at', 'c.state'])
      .where('o.id', 'in', ids.length ? ids : [''])
      .execute();
    const latencies = rows.map((r) =>
      r.checked_at && r.state !== 'queued' ? Date.parse(r.checked_at) - Date.parse(r.created_at) : Number.POSITIVE_INFINITY,
    );
    const checked = latencies.filter(Number.isFinite).length;
    // The check processes also did the warm-up's leftovers and, with a backlog, checks of orders not counted yet:
    // CPU per check is taken over the checks that finished.
    void runEnd;
    return {
      rate,
      placed: ids.length,
      failedToPlace,
      checked,
      p50: median(latencies),
      p99: percentile(latencies, 99),
      checkCpuPerCheck: checkCpu / Math.max(1, checked),
      placeCpuPerOrder,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function place(base: string, packageId: string, image: Buffer, n: number): Promise<string | null> {
  const form = orderForm(
    {
      inGameUserId: `player-${n}`,
      serverInfo: '',
      mobileNumber: '09123456789',
      tokenPackageId: packageId,
      quantity: '1',
      transactionNumber: String(100000 + ((n * 7919) % 899999)),
      screenShot: '',
    },
    image,
    'jpeg',
  );
  try {
    const res = await fetch(`${base}/api/v1/Order`, {
      method: 'POST',
      headers: { 'content-type': form.contentType },
      body: new Uint8Array(form.body),
    });
    if (res.status !== 201) return null;
    return ((await res.json()) as { payLoad: { id: string } }).payLoad.id;
  } catch {
    return null;
  }
}

async function waitChecked(db: Awaited<ReturnType<typeof buildApp>>['ctx']['db'], ids: string[], timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const left = await db
      .selectFrom('order_checks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) return;
    await sleep(250);
  }
  void ids;
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : `> ${SECONDS + DRAIN_SECONDS} s`);

export async function runCheckRates() {
  const rng = seeded(21);
  const renderer = await createRenderer();
  const receipts: Buffer[] = [];
  for (let i = 0; i < RECEIPTS; i++) {
    const look = { ...randomLook(rng, 'kbzpay'), burmeseDigits: false };
    const facts = randomFacts(rng, { paidAt: new Date(Date.now() - 5 * 60_000), receiverPhone: '09*****4567' });
    receipts.push(await renderer.render(receiptHtml({ ...facts, amount: PRICE }, look), look));
  }
  await renderer.close();
  const workers = process.env.CHECK_WORKERS ?? `default (${Math.max(1, availableParallelism() - 1)})`;
  console.log(
    `\nPlaced → verdict: ${RATES.join(', ')} orders/s, ${SECONDS} s each then up to ${DRAIN_SECONDS} s to drain; a fresh server per rate, CHECK_WORKERS ${workers}, ${availableParallelism()} cores`,
  );
  const results: RateResult[] = [];
  for (const rate of RATES) {
    const r = await runRate(rate, receipts);
    results.push(r);
    console.log(
      `  ${rate}/s: ${r.placed} placed (${r.failedToPlace} not), ${r.checked} checked, p50 ${seconds(r.p50)}, p99 ${seconds(r.p99)}`,
    );
  }
  // The per-core rate from the runs that kept up best (the CPU of a check does not depend on the rate; a backlog only
  // adds waiting): checks per CPU-second of the check processes.
  const cpuPerCheck = median(results.filter((r) => r.checked > 0).map((r) => r.checkCpuPerCheck));
  const placeCpu = median(results.map((r) => r.placeCpuPerOrder));
  const perCore = 1 / cpuPerCheck;
  printTable(
    ['orders/s', 'placed', 'checked in run', 'placed → verdict p50', 'p99', 'check CPU/check', 'cores for checks', '+ cores for placing'],
    results.map((r) => [
      String(r.rate),
      String(r.placed),
      `${r.checked} (${((100 * r.checked) / Math.max(1, r.placed)).toFixed(0)} %)`,
      seconds(r.p50),
      seconds(r.p99),
      `${(r.checkCpuPerCheck * 1000).toFixed(0)} ms`,
      (r.rate / perCore).toFixed(1),
      (r.rate * placeCpu).toFixed(2),
    ]),
  );
  console.log(
    `One core sustains ${perCore.toFixed(2)} checks/s (median ${(cpuPerCheck * 1000).toFixed(0)} ms of check-process CPU per check); placing costs the server ${(placeCpu * 1000).toFixed(1)} ms of CPU per order. Cores needed = rate / ${perCore.toFixed(2)} for checks, plus rate × ${(placeCpu * 1000).toFixed(1)} ms for placing.`,
  );
}
