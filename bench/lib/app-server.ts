// Server process for bench/order-search.ts and bench/order-export.ts (game-list and order-placement run the built
// server instead): the real app (buildApp, through tsx) alone in this process so the load generator never shares its
// event loop.
// The app runs at its production defaults, the log level (info) included: its log lines are counted, not printed.
// argv[2] is JSON { kind, databaseUrl?, orders? }. The process prepares the data the benchmark needs, listens on
// 127.0.0.1, and answers `{ type: 'ready', ... }` over IPC; `{ type: 'stats' }` and `{ type: 'stop' }` follow.
//   order-search     `orders` rows (default 1,000,000) in the app's database, and a second app on an empty database as
//                    the baseline; on PostgreSQL each in a schema of its own, dropped at stop.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { register } from '../../apps/server/src/modules/auth/auth.service.ts';
import { seedOrders } from './order-seed.ts';

type Args = { kind: 'order-search'; databaseUrl?: string; orders?: number };
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

async function main() {
  let stats: () => Promise<object> = async () => ({});
  {
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
    if (msg.type === 'stats') void stats().then((s) => send({ type: 'stats', ...s }));
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
