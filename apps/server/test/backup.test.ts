// npm run backup / restore: a backup taken while orders keep arriving, restored into an empty data
// folder, holds every order committed before it started, each with its screenshot, and no row without its file.
// On SQLite (the embedded default, online backup API) and on PostgreSQL (pg_dump/pg_restore, a database of its own);
// with TEST_STORAGE=s3 the files come from a bucket of a local s3rver and are restored into an empty one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../../scripts/backup-lib.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCatalog, orderFields, placeOrder } from '../src/modules/orders/orders.fixtures.ts';
import { ADMIN, DIALECT, STORAGE, buildTestApp, storageEnvOf, type TestApp } from './helpers.ts';
import { sharedS3Peer } from './s3-peer.ts';

/** Where a restore puts the files: DATA_DIR, or a new empty bucket when the suite runs on one. */
async function restoreStorage(): Promise<Record<string, string>> {
  if (STORAGE !== 's3') return {};
  const peer = await sharedS3Peer();
  return peer.env(await peer.createBucket());
}

type Restored = {
  dataDir: string;
  databaseUrl: string;
  /** The S3_* variables of the bucket to restore into (none: DATA_DIR). */
  storageEnv: Record<string, string>;
  orders: () => Promise<Array<{ id: string; screenshot: string }>>;
};

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
  const archive = await backup({
    env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, ...storageEnvOf(t.config) },
    log: () => {},
  });
  writing = false;
  await load;
  expect(path.dirname(archive)).toBe(path.join(t.dataDir, 'backups'));
  expect(path.basename(archive)).toMatch(/^topup-backup-\d{8}-\d{6}\.tar\.gz$/);
  expect(during.length).toBeGreaterThan(0);

  const manifest = await restore({
    archive,
    env: { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, ...target.storageEnv },
    log: () => {},
  });
  expect(manifest.dialect).toBe(t.config.dialect);
  expect(manifest.storage).toBe(t.config.storage.kind);

  // The restored folder runs as a shop: its admin signs in and sees the orders with working screenshot links.
  const app = await buildApp(
    loadConfig({
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...target.storageEnv,
    }),
    { logger: false, webDir: path.join(target.dataDir, 'no-web'), verification: { paused: true } },
  );
  try {
    const rows = await target.orders();
    const ids = new Set(rows.map((r) => r.id));
    for (const id of committed) expect(ids.has(id), `order ${id} committed before the backup`).toBe(true);
    const stored = new Set<string>();
    for await (const page of app.ctx.media.storage.listOlderThan('private', Number.POSITIVE_INFINITY))
      for (const e of page) stored.add(e.name);
    for (const row of rows) expect(stored.has(row.screenshot), `file of ${row.id}`).toBe(true);

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
      storageEnv: await restoreStorage(),
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
    const archive = await backup({
      env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, ...storageEnvOf(t.config) },
      log: () => {},
    });
    await expect(restore({ archive, env: { DATA_DIR: t.dataDir }, log: () => {} })).rejects.toThrow(/not empty/);
  });

  it.runIf(STORAGE === 's3')('refuses to restore into a bucket that already holds files', async () => {
    const archive = await backup({
      env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, ...storageEnvOf(t.config) },
      log: () => {},
    });
    const emptyDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'topup-restore-')), 'data');
    try {
      await expect(restore({ archive, env: { DATA_DIR: emptyDir, ...storageEnvOf(t.config) }, log: () => {} })).rejects.toThrow(
        /empty bucket/,
      );
    } finally {
      rmSync(path.dirname(emptyDir), { recursive: true, force: true });
    }
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
      storageEnv: await restoreStorage(),
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
