// npm run backup / restore: a backup taken while orders keep arriving, restored into an empty data
// folder, holds every order committed before it started, each with its screenshot, and no row without its file.
// On SQLite (the embedded default, online backup API) and on PostgreSQL (pg_dump/pg_restore, a database of its own).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../../scripts/backup-lib.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCatalog, orderFields, placeOrder } from '../src/modules/orders/orders.fixtures.ts';
import { ADMIN, DIALECT, buildTestApp, type TestApp } from './helpers.ts';

type Restored = { dataDir: string; databaseUrl: string; orders: () => Promise<Array<{ id: string; screenshot: string }>> };

/** Orders keep arriving while the backup runs; the restored folder holds every order committed before it, each with its file, and runs as a shop. */
async function backupUnderLoadAndRestore(t: TestApp, target: Restored) {
  const { packageId } = await createCatalog(t);
  const committed: string[] = [];
  const place = async (i: number) => {
    const res = await placeOrder(t, orderFields(packageId, { inGameUserId: `player-${i}` }));
    expect(res.statusCode).toBe(201);
    return res.json().payLoad.id as string;
  };
  for (let i = 0; i < 20; i++) committed.push(await place(i));

  let writing = true;
  const during: string[] = [];
  const load = (async () => {
    for (let i = 100; writing; i++) during.push(await place(i));
  })();
  const archive = await backup({ env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl }, log: () => {} });
  writing = false;
  await load;
  expect(path.dirname(archive)).toBe(path.join(t.dataDir, 'backups'));
  expect(path.basename(archive)).toMatch(/^topup-backup-\d{8}-\d{6}\.tar\.gz$/);
  expect(during.length).toBeGreaterThan(0);

  const manifest = await restore({ archive, env: { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl }, log: () => {} });
  expect(manifest.dialect).toBe(t.config.dialect);

  const rows = await target.orders();
  const ids = new Set(rows.map((r) => r.id));
  for (const id of committed) expect(ids.has(id), `order ${id} committed before the backup`).toBe(true);
  for (const row of rows) expect(existsSync(path.join(target.dataDir, 'private', 'screenshots', row.screenshot)), `file of ${row.id}`).toBe(true);

  // The restored folder runs as a shop: its admin signs in and sees the orders with working screenshot links.
  const app = await buildApp(loadConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'silent', MAX_EVENT_LOOP_DELAY_MS: '0' }), {
    logger: false,
    webDir: path.join(target.dataDir, 'no-web'),
    verification: { paused: true },
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: ADMIN });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().payLoad.accessToken}` };
    const order = await app.inject({ method: 'GET', url: `/api/v1/Order/${committed[0]}`, headers: auth });
    expect(order.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: order.json().payLoad.screenShot })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
  return archive;
}

describe.runIf(DIALECT === 'sqlite')('backup and restore', () => {
  let t: TestApp;
  let restoredDir: string;
  beforeAll(async () => {
    t = await buildTestApp({ ORDER_RATE_LIMIT: '100000' });
    restoredDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'topup-restore-')), 'data');
  });
  afterAll(async () => {
    await t.close();
    rmSync(path.dirname(restoredDir), { recursive: true, force: true });
  });

  it('backs up under write load and restores every committed order with its file', async () => {
    await backupUnderLoadAndRestore(t, {
      dataDir: restoredDir,
      databaseUrl: '',
      orders: async () => {
        const db = new Database(path.join(restoredDir, 'shop.db'), { readonly: true });
        try {
          return db.prepare('select id, screenshot from orders').all() as Array<{ id: string; screenshot: string }>;
        } finally {
          db.close();
        }
      },
    });
  });

  it('refuses to restore into a data folder that is not empty', async () => {
    const archive = await backup({ env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl }, log: () => {} });
    await expect(restore({ archive, env: { DATA_DIR: t.dataDir }, log: () => {} })).rejects.toThrow(/not empty/);
  });
});

// pg_dump takes a whole database, so this suite gets two of its own (the shop's, and an empty one to restore into)
// instead of the schema per test file the other PostgreSQL suites share one database with.
describe.runIf(DIALECT === 'postgres')('backup and restore on PostgreSQL', () => {
  const suffix = Math.random().toString(36).slice(2, 10);
  const databases = { shop: `topup_backup_${suffix}`, restored: `topup_restored_${suffix}` };
  const urlOf = (name: string) => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let t: TestApp;
  let restoredDir: string;
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${databases.shop}`);
    await c.query(`create database ${databases.restored}`);
    await c.end();
    // A shop whose DATABASE_URL is its own database (not a schema): what `npm run backup` sees in production.
    // (`dialect: 'sqlite'` only stops the helper from making a schema; the DATABASE_URL given wins.)
    t = await buildTestApp({ ORDER_RATE_LIMIT: '100000', DATABASE_URL: urlOf(databases.shop) }, { dialect: 'sqlite' });
    restoredDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'topup-restore-pg-')), 'data');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(path.dirname(restoredDir), { recursive: true, force: true });
    const c = admin();
    await c.connect();
    for (const name of Object.values(databases)) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('backs up under write load with pg_dump and restores every committed order with its file', async () => {
    expect(t.config.dialect).toBe('postgres');
    await backupUnderLoadAndRestore(t, {
      dataDir: restoredDir,
      databaseUrl: urlOf(databases.restored),
      orders: async () => {
        const c = new pg.Client({ connectionString: urlOf(databases.restored) });
        await c.connect();
        try {
          return (await c.query<{ id: string; screenshot: string }>('select id, screenshot from orders')).rows;
        } finally {
          await c.end();
        }
      },
    });
  });
});
