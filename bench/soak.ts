// Soak: two instances of the built server on one PostgreSQL database and one Redis, for SOAK_SECONDS (default 60),
// with buyers browsing and ordering, staff reading and changing orders, and hub clients (the official SignalR client)
// connected to both instances. Prints errors, p99 per route, orders placed vs stored, notifications sent vs received
// per client (each exactly once), and each instance's RSS at start and end. Goal: 0 errors, 0 lost, RSS growth < 10 %
// since the warm-up in the default run. With V8's own heap growing the first full collection came ~80 s into the load
// and a 60 s window ended on top of the old generation's garbage; npm start's --heap-growing-percent collects it
// early (docs/decisions/0037-fuzzing-and-crash-tests.md).
// Every SOAK_SAMPLE_SECONDS it also records each instance's memory by kind (lib/process-memory.ts: WebAssembly heaps,
// malloc arenas, mapped files, …) and the screenshot checks still queued, and prints them as a timeline, so a
// high-water mark (levels off) can be told from a leak (keeps climbing). SOAK_MEMORY_DETAIL=1 adds the main
// thread's JavaScript heap and external memory (lib/memory-probe.mjs, preloaded into the instances).
//
// Run: npm run build && npm run bench -- soak. Env: SOAK_SECONDS (60), SOAK_WARMUP_SECONDS (15, before the measured period), SOAK_BUYERS (6), SOAK_STAFF (2),
// SOAK_HUB_CLIENTS (6), SOAK_SAMPLE_SECONDS (5), SOAK_ORDER_INTERVAL_MS (0: each buyer orders every round; more: at most
// one order per buyer per interval, the browsing unchanged, so the screenshot checks can keep up), SOAK_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
// SOAK_REDIS_URL (else TEST_REDIS_URL, else redis://127.0.0.1:6379), SOAK_NODE_FLAGS (extra node/V8 flags to try). Everything it creates (a schema, Redis keys
// a data folder) is removed at the end, on SIGINT/SIGTERM too; its Redis keys (under the schema's own namespace) expire by themselves.
// A soak killed outright (SIGKILL, a crash) can't drop its schema: each soak holds a session advisory lock named after
// its schema for its whole life, and the next soak drops every soak schema whose lock nobody holds (its owner gone).
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import sharp from 'sharp';
import { spawnBuiltServer, type BuiltServer } from '../e2e/built-server.ts';
import { formatBreakdown, memoryBreakdown, type MemoryBreakdown } from './lib/process-memory.ts';
import { startFlags } from './lib/prod-server.ts';
import { serverEnv } from '../scripts/server-process.mjs';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('SOAK_SECONDS', 60);
/**
 * The same load runs this long before the measured period: the first screenshot check loads the OCR engine (tens
 * of MB, once per instance), which is start-up, not growth. RSS growth is judged from the end of the warm-up.
 */
const WARMUP_SECONDS = env('SOAK_WARMUP_SECONDS', 15);
const BUYERS = env('SOAK_BUYERS', 6);
const STAFF = env('SOAK_STAFF', 2);
const HUB_CLIENTS = env('SOAK_HUB_CLIENTS', 6);
const SAMPLE_SECONDS = env('SOAK_SAMPLE_SECONDS', 5);
const ORDER_INTERVAL_MS = env('SOAK_ORDER_INTERVAL_MS', 0);
const MEMORY_DETAIL = Boolean(process.env.SOAK_MEMORY_DETAIL);
/** Node or V8 flags to try beside `npm start`'s (an experiment, printed in the header; not production until adopted there). */
const EXTRA_NODE_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const DATABASE_URL = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SOAK_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'soak@soak.local', password: 'soak-password-123' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Instance = BuiltServer;

function startInstance(dataDir: string, databaseUrl: string): Promise<Instance> {
  return spawnBuiltServer(
    {
      ...serverEnv(process.env), // the environment `npm start` adds (an explicit MALLOC_ARENA_MAX here wins)
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ORDER_RATE_LIMIT: '100000',
      ...(MEMORY_DETAIL
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(ROOT, 'bench/lib/memory-probe.mjs')}`.trim() }
        : {}),
    },
    60_000,
    [...startFlags(), ...EXTRA_NODE_FLAGS], // node's flags as `npm start` gives them (docs/decisions/0024-idle-memory.md)
  );
}

/** CPU time (user + system, all threads) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Full collections in an instance's log since chunk `from` (only with --trace-gc in SOAK_NODE_FLAGS), and the time
 * they took on the JavaScript threads: the pause plus the incremental marking steps V8 reports for each.
 */
function fullCollections(instance: Instance, from: number): { count: number; ms: number } {
  const lines = instance.logs
    .slice(from)
    .join('')
    .split('\n')
    .filter((l) => l.includes('Mark-Compact'));
  const ms = lines.reduce(
    (sum, l) => sum + Number(/MB, ([\d.]+) \//.exec(l)?.[1] ?? 0) + Number(/\(\+ ([\d.]+) ms in/.exec(l)?.[1] ?? 0),
    0,
  );
  return { count: lines.length, ms };
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The main thread's heap figures from lib/memory-probe.mjs (SOAK_MEMORY_DETAIL), or null. */
async function probe(instance: Instance): Promise<string | null> {
  if (!MEMORY_DETAIL) return null;
  const before = instance.logs.length;
  instance.child.kill('SIGUSR2');
  for (let i = 0; i < 20; i++) {
    await sleep(50);
    const line = instance.logs
      .slice(before)
      .join('')
      .split('\n')
      .find((l) => l.startsWith('MEMORY_PROBE '));
    if (line) return line.slice('MEMORY_PROBE '.length);
  }
  return 'no answer';
}

type Sample = { at: number; label: string; checks: string; memory: MemoryBreakdown[]; detail: Array<string | null> };

// ---- measurements ----
const latencies = new Map<string, number[]>();
let answered = 0;
const errors: string[] = [];
async function timed(
  label: string,
  work: () => Promise<Response>,
  ok: (status: number) => boolean = (s) => s < 400,
): Promise<Response | null> {
  const start = performance.now();
  try {
    const res = await work();
    const list = latencies.get(label) ?? [];
    list.push(performance.now() - start);
    answered++;
    latencies.set(label, list);
    if (!ok(res.status)) errors.push(`${label}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res;
  } catch (err) {
    errors.push(`${label}: ${(err as Error).message}`);
    return null;
  }
}
const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Marks a soak's schema (a comment) so that only schemas made this way are ever swept. */
const SCHEMA_MARK = 'topup soak; owner holds pg_advisory_lock(hashtext(schema name))';

/** Drops the schemas of soaks that died without cleaning up: marked, and their owner's advisory lock free. */
async function sweepAbandonedSchemas(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ name: string }>(
    `select nspname as name from pg_namespace where nspname like 'soak\\_%' and obj_description(oid, 'pg_namespace') = $1`,
    [SCHEMA_MARK],
  );
  for (const { name } of rows) {
    const { rows: lock } = await admin.query<{ free: boolean }>('select pg_try_advisory_lock(hashtext($1)) as free', [name]);
    if (!lock[0]!.free) continue; // a soak running now
    try {
      await admin.query(`drop schema if exists ${name} cascade`);
      console.log(`soak: dropped ${name}, left behind by a soak that did not finish`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('Build first: npm run build');
  const schema = `soak_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await sweepAbandonedSchemas(admin);
  // Held until this connection closes, however this process ends.
  await admin.query('select pg_advisory_lock(hashtext($1))', [schema]);
  await admin.query(`create schema ${schema}`);
  await admin.query(`comment on schema ${schema} is '${SCHEMA_MARK}'`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-soak-'));
  const instances: Instance[] = [];
  const hubs: HubConnection[] = [];
  let cleanedUp: Promise<void> | null = null;
  const cleanUp = () =>
    (cleanedUp ??= (async () => {
      await Promise.all(hubs.map((h) => h.stop().catch(() => undefined)));
      for (const instance of instances) {
        if (instance.child.exitCode !== null || instance.child.signalCode !== null) continue;
        instance.child.kill('SIGTERM');
        await new Promise((r) => instance.child.once('exit', r));
      }
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  // Interrupted (Ctrl-C, a timeout's SIGTERM): stop the instances and drop the schema before exiting.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`soak: ${signal}, cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    // The first instance migrates and seeds; the second joins the same database, Redis and shared upload folder.
    instances.push(await startInstance(dataDir, url.toString()));
    instances.push(await startInstance(dataDir, url.toString()));
    const at = (i: number) => instances[i % instances.length]!.url;
    const login = await fetch(`${at(0)}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
    const auth = { authorization: `Bearer ${token}` };

    // Hub clients, spread over both instances; each records every order id it receives.
    const received: Array<Map<string, number>> = [];
    for (let i = 0; i < HUB_CLIENTS; i++) {
      const seen = new Map<string, number>();
      received.push(seen);
      const connection = new HubConnectionBuilder()
        .withUrl(`${at(i)}/dashboard`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('ReceiveOrder', (order: { id: string }) => seen.set(order.id, (seen.get(order.id) ?? 0) + 1));
      await connection.start();
      hubs.push(connection);
    }

    const games = (
      (await (await fetch(`${at(0)}/api/v1/Game?pageSize=50`)).json()) as { payLoad: { items: Array<{ id: string; serverType: string }> } }
    ).payLoad.items;
    const game = games.find((g) => g.serverType === 'NONE') ?? games[0]!;
    const screenshot = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const rssLaunch = instances.map((i) => rssMb(i.child));
    let rssStart = rssLaunch;
    const began = Date.now();
    const samples: Sample[] = [];
    /** Records every instance's memory now; an instance that has exited is an error (with its last log lines). */
    const sample = async (label: string): Promise<MemoryBreakdown[]> => {
      const at = (Date.now() - began) / 1000;
      const gone = instances.findIndex((i) => i.child.exitCode !== null || i.child.signalCode !== null);
      if (gone >= 0) {
        const { child, logs } = instances[gone]!;
        throw new Error(`instance ${gone} exited (${child.exitCode ?? child.signalCode}): ${logs.join('').slice(-1500)}`);
      }
      const memory = instances.map((i) => memoryBreakdown(i.child.pid!));
      const states = (await admin.query(`select state, count(*)::int as n from ${schema}.order_checks group by state order by state`))
        .rows as Array<{ state: string; n: number }>;
      const detail = await Promise.all(instances.map((i) => probe(i)));
      samples.push({ at, label, checks: states.map((r) => `${r.state} ${r.n}`).join(', '), memory, detail });
      return memory;
    };
    const sampleAt = (label: string, then: (memory: MemoryBreakdown[]) => void = () => undefined) =>
      sample(label).then(then, (err: Error) => void errors.push(`memory sample: ${err.message}`));
    const sampler = setInterval(() => void sampleAt(''), SAMPLE_SECONDS * 1000);
    // CPU time and requests answered over the measured period: what a heap setting costs under this load.
    let cpuStart = instances.map(() => NaN);
    let answeredStart = 0;
    let logStart = instances.map((i) => i.logs.length);
    const warmedUp = setTimeout(() => {
      cpuStart = instances.map((i) => cpuMs(i.child));
      answeredStart = answered;
      logStart = instances.map((i) => i.logs.length);
      void sampleAt('warm-up done', (m) => (rssStart = m.map((b) => b.rss)));
    }, WARMUP_SECONDS * 1000);
    let rssHalf = rssLaunch;
    const halfway = setTimeout(
      () => void sampleAt('half-way', (m) => (rssHalf = m.map((b) => b.rss))),
      (WARMUP_SECONDS + SECONDS / 2) * 1000,
    );
    const placed: string[] = [];
    const until = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;

    const buyer = async (n: number) => {
      let lastOrder = 0;
      for (let round = 0; Date.now() < until; round++) {
        const base = at(n + round);
        await timed('GET /api/v1/Game', () => fetch(`${base}/api/v1/Game?pageSize=12`));
        await timed('GET /api/v1/Game/BannerList', () => fetch(`${base}/api/v1/Game/BannerList`));
        const pkgs = await timed('GET /api/v1/TokenPackage', () => fetch(`${base}/api/v1/TokenPackage?gameId=${game.id}&pageSize=20`));
        const items = pkgs ? ((await pkgs.json()) as { payLoad: { items: Array<{ id: string }> } }).payLoad.items : [];
        if (!items.length || Date.now() - lastOrder < ORDER_INTERVAL_MS) {
          await sleep(100);
          continue;
        }
        lastOrder = Date.now();
        const form = new FormData();
        const fields = {
          inGameUserId: `soak-${n}-${round}`,
          serverInfo: game.serverType === 'ZONEID' ? '1234' : '',
          mobileNumber: '09123456789',
          tokenPackageId: items[round % items.length]!.id,
          quantity: '1',
          transactionNumber: String(100000 + (round % 900000)),
          idempotencyKey: randomUUID(),
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file_ScreenShot', new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), 'shot.png');
        const res = await timed(
          'POST /api/v1/Order',
          () => fetch(`${base}/api/v1/Order`, { method: 'POST', body: form }),
          (s) => s === 201,
        );
        if (res?.status === 201) placed.push(((await res.json()) as { payLoad: { id: string } }).payLoad.id);
        await sleep(100);
      }
    };
    const staff = async (n: number) => {
      for (let round = 0; Date.now() < until; round++) {
        const base = at(n + round);
        const list = await timed('GET /api/v1/Order', () => fetch(`${base}/api/v1/Order?pageSize=20`, { headers: auth }));
        const orders = list ? ((await list.json()) as { payLoad: { items: Array<{ id: string }> } }).payLoad.items : [];
        await timed('GET /api/v1/Order/notification-list', () =>
          fetch(`${base}/api/v1/Order/notification-list?pageSize=20`, { headers: auth }),
        );
        const order = orders[round % Math.max(1, orders.length)];
        if (order) {
          await timed('GET /api/v1/Order/{id}', () => fetch(`${base}/api/v1/Order/${order.id}`, { headers: auth }));
          await timed('PUT /api/v1/Order/isRead/{id}', () =>
            fetch(`${base}/api/v1/Order/isRead/${order.id}`, { method: 'PUT', headers: auth }),
          );
          const form = new FormData();
          form.append('orderStatus', round % 2 ? 'COMPLETED' : 'PENDING');
          await timed('PUT /api/v1/Order/{id}', () =>
            fetch(`${base}/api/v1/Order/${order.id}`, { method: 'PUT', headers: auth, body: form }),
          );
        }
        await sleep(250);
      }
    };
    await Promise.all([...Array.from({ length: BUYERS }, (_, i) => buyer(i)), ...Array.from({ length: STAFF }, (_, i) => staff(i))]);
    const cpuUsed = instances.map((i, n) => cpuMs(i.child) - cpuStart[n]!);
    const answeredInWindow = answered - answeredStart;
    clearTimeout(warmedUp);
    clearTimeout(halfway);
    clearInterval(sampler);
    await sleep(3000); // let the last notifications arrive
    const rssEnd = (await sample('end')).map((b) => b.rss);

    const stored = Number((await admin.query(`select count(*) as n from ${schema}.orders`)).rows[0].n);
    const storedIds = new Set((await admin.query(`select id from ${schema}.orders`)).rows.map((r: { id: string }) => r.id));
    const lost = placed.filter((id) => !storedIds.has(id)).length;
    console.log(
      `soak: ${WARMUP_SECONDS} s warm-up + ${SECONDS} s, 2 instances (PostgreSQL + Redis), ${BUYERS} buyers${ORDER_INTERVAL_MS ? ` (an order at most every ${ORDER_INTERVAL_MS} ms each)` : ''}, ${STAFF} staff, ${HUB_CLIENTS} hub clients; node ${[...startFlags(), ...EXTRA_NODE_FLAGS].join(' ')}, MALLOC_ARENA_MAX=${serverEnv(process.env).MALLOC_ARENA_MAX}`,
    );
    console.log('route                                      count    p50 ms    p99 ms');
    for (const [label, values] of [...latencies].sort()) {
      console.log(
        `${label.padEnd(42)} ${String(values.length).padStart(5)} ${p(values, 0.5).toFixed(1).padStart(9)} ${p(values, 0.99).toFixed(1).padStart(9)}`,
      );
    }
    console.log(`orders placed (201): ${placed.length}; stored: ${stored}; lost: ${lost}`);
    let notificationProblems = 0;
    received.forEach((seen, i) => {
      const missing = placed.filter((id) => !seen.has(id)).length;
      const duplicated = [...seen.values()].filter((n) => n > 1).length;
      notificationProblems += missing + duplicated;
      console.log(
        `hub client ${i} (instance ${i % 2}): sent ${placed.length}, received ${seen.size}, missing ${missing}, duplicated ${duplicated}`,
      );
    });
    console.log('memory timeline (s since the load began; checks by state):');
    for (const s of samples) {
      console.log(`  ${s.at.toFixed(0).padStart(4)} s ${s.label ? `(${s.label}) ` : ''}checks: ${s.checks}`);
      s.memory.forEach((m, i) =>
        console.log(`         instance ${i}: ${formatBreakdown(m)}${s.detail[i] ? `; main thread ${s.detail[i]}` : ''}`),
      );
    }
    const growth = (from: number, to: number) => {
      const g = ((to - from) / from) * 100;
      return `${g >= 0 ? '+' : ''}${g.toFixed(1)} %`;
    };
    rssStart.forEach((start, i) => {
      console.log(
        `instance ${i} RSS: ${rssLaunch[i]!.toFixed(0)} MB at launch, ${start.toFixed(0)} MB after warm-up, ${rssHalf[i]!.toFixed(0)} MB half-way → ${rssEnd[i]!.toFixed(0)} MB at the end (${growth(start, rssEnd[i]!)} since warm-up, ${growth(rssHalf[i]!, rssEnd[i]!)} over the second half)`,
      );
    });
    const collections = instances.map((i, n) => fullCollections(i, logStart[n]!));
    console.log(
      `CPU over the measured ${SECONDS} s: ${cpuUsed.map((c) => `${(c / 1000).toFixed(1)} s`).join(' and ')} (instances 0 and 1, all threads); ` +
        `${answeredInWindow} requests answered: ${((cpuUsed[0]! + cpuUsed[1]!) / answeredInWindow).toFixed(2)} ms CPU per request` +
        (collections.some((c) => c.count > 0)
          ? `; full collections (--trace-gc): ${collections.map((c) => `${c.count} (${c.ms.toFixed(0)} ms)`).join(' and ')}`
          : ''),
    );
    const worst = (from: number[]) => Math.max(...from.map((start, i) => ((rssEnd[i]! - start) / start) * 100));
    console.log(
      `RSS growth goal (< 10 % since warm-up): ${worst(rssStart) < 10 ? 'met' : 'NOT met'} (worst instance ${worst(rssStart).toFixed(1)} %; over the second half ${worst(rssHalf).toFixed(1)} %: ` +
        `a high-water mark levels off there, a leak keeps its pace; the timeline shows which kind of memory moved)`,
    );
    console.log(`errors: ${errors.length}`);
    for (const e of errors.slice(0, 20)) console.log(`  ${e}`);
    const serverErrors = instances.flatMap((i) =>
      i.logs
        .join('')
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l)),
    );
    if (serverErrors.length) console.log(`server error log lines: ${serverErrors.length}\n  ${serverErrors.slice(0, 5).join('\n  ')}`);
    if (errors.length || lost || notificationProblems || serverErrors.length) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
