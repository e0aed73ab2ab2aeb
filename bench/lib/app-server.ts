// Server process for bench/order-placement.ts and bench/order-search.ts (game-list runs the built server instead):
// the real app (buildApp, through tsx) and its bare Fastify baseline, alone in this process so the load generator
// never shares its event loop.
// The app runs at its production defaults, the log level (info) included: its log lines are counted, not printed.
// argv[2] is JSON { kind, databaseUrl?, orders? }. The process prepares the data the benchmark needs, listens on
// 127.0.0.1, and answers `{ type: 'ready', ... }` over IPC; `{ type: 'stats' }` and `{ type: 'stop' }` follow.
//   order-placement  one game and package, ORDER_RATE_LIMIT high; bare route reads the multipart body and answers 201.
//                    Times the image step (header check and file write, the write also apart) and the whole request
//                    inside the app; `mark` starts a phase: the check figures count orders placed after it.
//   order-search     `orders` rows (default 1,000,000) in the app's database, and a second app on an empty database as
//                    the baseline; on PostgreSQL each in a schema of its own, dropped at stop.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { register } from '../../apps/server/src/modules/auth/auth.service.ts';
import { seedOrders } from './order-seed.ts';

type Args = { kind: 'order-placement' | 'order-search'; databaseUrl?: string; orders?: number };
const args = JSON.parse(process.argv[2]!) as Args;
const send = (msg: object) => process.send!(msg);
const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
const cleanups: (() => Promise<void> | void)[] = [];

async function startApp(env: Record<string, string>, schema?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (schema) {
    const client = new pg.Client({ connectionString: args.databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query(`create schema ${schema}`);
    await client.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: args.databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'false',
    ...(args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {}),
    ...env,
  });
  // The production log level (LOG_LEVEL unset = info: one line per request), written to a sink that only counts, so
  // each request pays for its log line as in production while the bench's terminal stays readable.
  const app = await buildApp(config, { logStream: logSink, webDir: path.join(dataDir, 'no-web'), ...(schema ? { dbSchema: schema } : {}) });
  cleanups.unshift(() => app.close());
  return { app, dataDir };
}

const logSink = {
  lines: 0,
  write(_line: string) {
    logSink.lines++;
  },
};

async function adminToken(app: FastifyInstance) {
  await register(app.ctx, { email: 'bench@bench.local', password: 'bench-password-123' });
  // Seeding SQLite blocks the event loop for seconds; load shedding answers 503 until its lag measure settles.
  for (let attempt = 0; ; attempt++) {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email: 'bench@bench.local', password: 'bench-password-123' } });
    if (login.statusCode !== 503 || attempt >= 50) return (login.json() as { payLoad: { accessToken: string } }).payLoad.accessToken;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function bare(setup: (f: FastifyInstance) => void) {
  const f = Fastify({ logger: false });
  setup(f);
  cleanups.unshift(() => f.close());
  return listen(f);
}

async function addGame(app: FastifyInstance, i: number) {
  const ts = new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString();
  const gameId = randomUUID();
  const packageId = randomUUID();
  await app.ctx.db
    .insertInto('games')
    .values({ id: gameId, title: `Game number ${i}`, description: `Top up Game number ${i} fast and safely.`, order_index: i, server_type: 'NONE', is_disable: 0, logo: `logo-${i}.webp`, banner_image: `banner-${i}.webp`, game_profile_image: `profile-${i}.webp`, created_at: ts, updated_at: ts })
    .execute();
  await app.ctx.db
    .insertInto('token_packages')
    .values({ id: packageId, game_id: gameId, token_title: '86 Diamonds', unit: 86, price: 5000, currency: 'MMK', payment_method: 'NORMAL', can_add_quantity: 1, package_image: null, created_at: ts, updated_at: ts })
    .execute();
  return packageId;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function main() {
  let stats: () => Promise<object> = async () => ({});
  let reset = () => {};
  let mark = () => {};
  if (args.kind === 'order-placement') {
    const { app, dataDir } = await startApp({ ORDER_RATE_LIMIT: '100000' });
    const packageId = await addGame(app, 1);
    // Where the time goes: the image step (sharp) and the whole request, both inside this process.
    let imageMs: number[] = [];
    let writeMs: number[] = [];
    let requestMs: number[] = [];
    // Orders placed before this are left out of the check figures (a phase of the benchmark starts).
    let phaseStart = new Date(0).toISOString();
    // How busy the event loop was since the last reset (1 = never idle): is the request path CPU-bound?
    let eluStart = performance.eventLoopUtilization();
    // Since issue 12 the request only checks the screenshot cheaply and stores it; the check runs as a job.
    const store = app.ctx.media.storeScreenshotUnprocessed.bind(app.ctx.media);
    app.ctx.media.storeScreenshotUnprocessed = async (...a: Parameters<typeof store>) => {
      const t = monoMs();
      try {
        return await store(...a);
      } finally {
        imageMs.push(monoMs() - t);
      }
    };
    // The image step is the header read and the file write; the write is timed apart (it waits in libuv's pool).
    const storage = app.ctx.media.storage;
    const save = storage.save.bind(storage);
    storage.save = async (...a: Parameters<typeof save>) => {
      const t = monoMs();
      try {
        return await save(...a);
      } finally {
        if (a[0] === 'private') writeMs.push(monoMs() - t);
      }
    };
    const started = new WeakMap<object, number>();
    app.addHook('onRequest', async (req) => void started.set(req, monoMs()));
    let created = 0;
    app.addHook('onResponse', async (req, reply) => {
      requestMs.push(monoMs() - (started.get(req) ?? monoMs()));
      if (reply.statusCode === 201) created++;
    });
    const bareUrl = await bare((f) => {
      f.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
        const chunks: Buffer[] = [];
        payload.on('data', (c: Buffer) => chunks.push(c));
        payload.on('end', () => done(null, Buffer.concat(chunks).length));
        payload.on('error', done);
      });
      f.post('/api/v1/Order', async (_req, reply) => reply.code(201).send({ ok: true }));
    });
    reset = () => {
      eluStart = performance.eventLoopUtilization();
      imageMs = [];
      writeMs = [];
      requestMs = [];
    };
    mark = () => {
      phaseStart = new Date().toISOString();
    };
    stats = async () => {
      const { n } = await app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const files = readdirSync(path.join(dataDir, 'private', 'screenshots')).length;
      // Screenshot checks (jobs, off the request path): how many are finished and how long after placing.
      const checks = await app.ctx.db
        .selectFrom('order_checks as c')
        .innerJoin('orders as o', 'o.id', 'c.order_id')
        .select(['c.state', 'c.checked_at', 'o.created_at'])
        .where('o.created_at', '>=', phaseStart)
        .execute();
      const checkedAfterMs = checks.filter((c) => c.state !== 'queued' && c.checked_at).map((c) => Date.parse(c.checked_at!) - Date.parse(c.created_at));
      return {
        created,
        rows: Number(n),
        // A check swaps the upload for its re-encoded copy (one new file, one removed): count distinct orders' files.
        files,
        checksQueued: checks.filter((c) => c.state === 'queued').length,
        checksDone: checks.filter((c) => c.state === 'done').length,
        checksFailed: checks.filter((c) => c.state === 'failed').length,
        checkedP50: pct(checkedAfterMs, 50),
        checkedP99: pct(checkedAfterMs, 99),
        checkedMax: checkedAfterMs.length ? Math.max(...checkedAfterMs) : NaN,
        imageP50: pct(imageMs, 50),
        imageP99: pct(imageMs, 99),
        writeP50: pct(writeMs, 50),
        writeP99: pct(writeMs, 99),
        requestP50: pct(requestMs, 50),
        requestP99: pct(requestMs, 99),
        eventLoopBusy: performance.eventLoopUtilization(eluStart).utilization,
      };
    };
    send({ type: 'ready', appUrl: (await listen(app)) + '/api/v1/Order', bareUrl: bareUrl + '/api/v1/Order', packageId });
  } else {
    const pgUrl = args.databaseUrl && /^postgres/.test(args.databaseUrl);
    const tag = randomUUID().replace(/-/g, '').slice(0, 8);
    const full = await startApp({}, pgUrl ? `bench_search_${tag}` : undefined);
    const empty = await startApp({}, pgUrl ? `bench_empty_${tag}` : undefined);
    const n = args.orders ?? 1_000_000;
    const t = monoMs();
    await seedOrders(full.app.ctx.db, full.app.ctx.dialect, n);
    if (full.app.ctx.dialect === 'postgres') await sql`vacuum analyze orders`.execute(full.app.ctx.db);
    const seedMs = monoMs() - t;
    // The export benchmark (bench/order-export.ts) samples this process's memory while it streams.
    stats = async () => ({ rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
    send({
      type: 'ready',
      appUrl: await listen(full.app),
      bareUrl: await listen(empty.app),
      token: await adminToken(full.app),
      bareToken: await adminToken(empty.app),
      dialect: full.app.ctx.dialect,
      seedMs,
    });
  }
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'reset') {
      reset();
      send({ type: 'reset' });
    } else if (msg.type === 'mark') {
      mark();
      send({ type: 'mark' });
    } else if (msg.type === 'stats') void stats().then((s) => send({ type: 'stats', ...s }));
    else if (msg.type === 'stop') void stop(0);
  });
  process.once('disconnect', () => void stop(1));
}

async function stop(code: number) {
  for (const c of cleanups) await Promise.resolve(c()).catch((err) => console.error(err));
  process.exit(code);
}

main().catch(async (err) => {
  console.error(err);
  await stop(1);
});
