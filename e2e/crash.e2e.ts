// Crash durability: the built server on SQLite takes 200 concurrent valid orders and is killed with
// SIGKILL at a random moment; after a restart, every order answered 201 is there with its screenshot, no screenshot
// is left without an order, no `.tmp` file remains and no row is half-written (each order has its notification);
// and the screenshot checks left unfinished by the kill resume: every stored order gets its verdict after the restart.
// Three rounds on SQLite, one on PostgreSQL (TEST_DATABASE_URL, a schema of its own). The kill moment comes from a
// printed seed: CRASH_SEED=<seed> repeats it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnBuiltServer, type BuiltServer } from './built-server.ts';
import { E2E_ADMIN, apiLogin } from './harness.ts';

const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ORDERS = 200;
console.log(`crash: seed=${SEED} (reproduce with CRASH_SEED=${SEED})`);

/** mulberry32: a small seeded generator for the kill moments. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(SEED);

type Server = BuiltServer;

function start(dataDir: string, databaseUrl: string): Promise<Server> {
  return spawnBuiltServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ORDER_RATE_LIMIT: '100000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    REDIS_URL: '',
    // No other instance shares this folder: the start-up sweep may remove every file without a row at once.
    UPLOAD_ORPHAN_AGE_SECONDS: '0',
  });
}

/** Stops the server; a graceful stop that takes over 10 s is finished with SIGKILL (it is not what is tested here). */
function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    const force = setTimeout(() => {
      console.log('crash: graceful stop took over 10 s, killing');
      server.child.kill('SIGKILL');
    }, 10_000);
    server.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.child.kill(signal);
  });
}

/** A package of the demo catalog and the serverInfo its game needs. */
async function orderable(url: string): Promise<{ packageId: string; serverInfo: string }> {
  const games = (await (await fetch(`${url}/api/v1/Game?pageSize=50`)).json()) as {
    payLoad: { items: Array<{ id: string; serverType: string }> };
  };
  const game = games.payLoad.items.find((g) => g.serverType === 'NONE') ?? games.payLoad.items[0]!;
  const packages = (await (await fetch(`${url}/api/v1/TokenPackage?gameId=${game.id}&pageSize=50`)).json()) as {
    payLoad: { items: Array<{ id: string }> };
  };
  return { packageId: packages.payLoad.items[0]!.id, serverInfo: game.serverType === 'ZONEID' ? '1234' : '' };
}

async function placeOrder(url: string, packageId: string, serverInfo: string, screenshot: Buffer, i: number): Promise<string | null> {
  const form = new FormData();
  const fields = {
    inGameUserId: `crash-${i}`,
    serverInfo,
    mobileNumber: '09123456789',
    tokenPackageId: packageId,
    quantity: '1',
    transactionNumber: String(100000 + i),
    idempotencyKey: randomUUID(),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file_ScreenShot', new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), 'shot.png');
  try {
    const res = await fetch(`${url}/api/v1/Order`, { method: 'POST', body: form });
    if (res.status !== 201) return null;
    return ((await res.json()) as { payLoad: { id: string } }).payLoad.id;
  } catch {
    return null; // the connection died with the server: this order was never confirmed
  }
}

type Stored = { orders: Array<{ id: string; screenshot: string; notifications: number; transaction_number: string | null }> };

/** How long the restarted server may take to finish the screenshot checks the kill interrupted (OCR of ~150 small images). */
const CHECKS_RESUME_MS = 150_000;

/**
 * A screenshot download. Once (CI, PostgreSQL round) the connection closed mid-answer while the restarted server was
 * re-encoding screenshots in the background; the cause is not known. A dropped connection is therefore tried once
 * more, after saying so with the server's state and last log lines: a server that died fails the second try too,
 * and any answer but 200 still fails the round.
 */
async function fetchScreenshot(server: Server, url: URL): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    const state = server.child.exitCode === null ? 'still running' : `exited with ${server.child.exitCode}`;
    console.log(
      `crash: ${url.pathname} failed (${String((err as Error).cause ?? err)}); the server is ${state}; its last log lines:\n${server.logs.join('').split('\n').slice(-20).join('\n')}`,
    );
    await new Promise((r) => setTimeout(r, 500));
    return fetch(url);
  }
}

async function crashRound(
  dataDir: string,
  databaseUrl: string,
  readStored: () => Promise<Stored>,
  countPendingChecks: () => Promise<number>,
) {
  const began = Date.now();
  const lap = (what: string) => console.log(`crash: ${what} at ${Date.now() - began} ms`);
  let server = await start(dataDir, databaseUrl);
  lap('started');
  const { packageId, serverInfo } = await orderable(server.url);
  const screenshot = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  // A random moment in the middle of the stream: after a random number of orders have been confirmed, plus a
  // random few milliseconds (the kill then lands among requests in every stage of their work).
  const killAfterConfirmed = 1 + Math.floor(next() * (ORDERS * 0.75));
  const extraMs = Math.floor(next() * 40);
  const confirmed: string[] = [];
  let reached: () => void = () => {};
  const killMoment = new Promise<void>((resolve) => (reached = resolve));
  const orders = Array.from({ length: ORDERS }, (_, i) =>
    placeOrder(server.url, packageId, serverInfo, screenshot, i).then((id) => {
      if (id) confirmed.push(id);
      if (confirmed.length >= killAfterConfirmed) reached();
    }),
  );
  await Promise.race([killMoment, Promise.all(orders)]);
  await new Promise((r) => setTimeout(r, extraMs));
  const killAfterMs = `${killAfterConfirmed} confirmations + ${extraMs}`;
  await stop(server, 'SIGKILL');
  await Promise.all(orders);
  lap('killed');

  server = await start(dataDir, databaseUrl);
  lap('restarted');
  try {
    const token = await apiLogin(server.url);
    // Every confirmed order is served with its screenshot after the restart.
    for (const id of confirmed) {
      const res = await fetch(`${server.url}/api/v1/Order/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, `confirmed order ${id}`).toBe(200);
      const { screenShot } = ((await res.json()) as { payLoad: { screenShot: string } }).payLoad;
      const shot = await fetchScreenshot(server, new URL(screenShot, server.url));
      expect(shot.status, `screenshot of ${id}`).toBe(200);
    }
    // The checks the kill interrupted (queued, or leased by a worker that died) are picked up again: the durable
    // truth is the database, so each stored order ends with a verdict, none stays 'pending'.
    const pendingAtRestart = await countPendingChecks();
    const deadline = Date.now() + CHECKS_RESUME_MS;
    let pending = pendingAtRestart;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      pending = await countPendingChecks();
    }
    lap(`checks resumed: ${pendingAtRestart} pending at restart, ${pending} left`);
    expect(pending, 'screenshot checks still pending after the restart').toBe(0);
  } finally {
    await stop(server, 'SIGTERM');
  }
  lap('checked and stopped');
  const stored = await readStored();
  const files = readdirSync(path.join(dataDir, 'private', 'screenshots'));
  const ids = new Set(stored.orders.map((o) => o.id));
  for (const id of confirmed) expect(ids.has(id), `order ${id} answered 201`).toBe(true);
  // No screenshot without an order, no order without its screenshot, no leftovers of interrupted writes.
  expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(new Set(files)).toEqual(new Set(stored.orders.map((o) => o.screenshot)));
  // No half-written row: each order committed together with its notification and all its fields.
  for (const order of stored.orders) {
    expect(order.notifications, `notification of ${order.id}`).toBe(1);
    expect(order.transaction_number).toMatch(/^\d{6}$/);
  }
  console.log(
    `crash round: killed after ${killAfterMs} ms; ${confirmed.length} confirmed, ${stored.orders.length} stored, ${files.length} screenshots`,
  );
  return { confirmed: confirmed.length, stored: stored.orders.length };
}

const ORDERS_SQL = `select o.id, o.screenshot, o.transaction_number, (select count(*) from notifications n where n.order_id = o.id) as notifications from orders o`;
const PENDING_SQL = `select count(*) as n from orders o where o.verdict = 'pending'`;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('crash durability', () => {
  it.each([1, 2, 3])(
    'SQLite, round %i: SIGKILL mid-orders loses no confirmed order and leaves no orphan',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-crash-'));
      dirs.push(dataDir);
      const read = <T>(fn: (db: Database.Database) => T): T => {
        const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
        try {
          return fn(db);
        } finally {
          db.close();
        }
      };
      await crashRound(
        dataDir,
        '',
        async () =>
          read((db) => ({
            orders: (db.prepare(ORDERS_SQL).all() as Stored['orders']).map((r) => ({ ...r, notifications: Number(r.notifications) })),
          })),
        async () => read((db) => Number((db.prepare(PENDING_SQL).get() as { n: number }).n)),
      );
    },
    120_000 + CHECKS_RESUME_MS,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: SIGKILL mid-orders loses no confirmed order and leaves no orphan',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const schema = `crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-crash-pg-'));
      dirs.push(dataDir);
      try {
        await crashRound(
          dataDir,
          url.toString(),
          async () => {
            const { rows } = await admin.query(
              ORDERS_SQL.replace(/ orders o/, ` ${schema}.orders o`).replace(/ notifications n/, ` ${schema}.notifications n`),
            );
            return { orders: (rows as Stored['orders']).map((r) => ({ ...r, notifications: Number(r.notifications) })) };
          },
          async () => Number((await admin.query<{ n: string }>(PENDING_SQL.replace(/ orders o/, ` ${schema}.orders o`))).rows[0]!.n),
        );
      } finally {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
    120_000 + CHECKS_RESUME_MS,
  );
});
