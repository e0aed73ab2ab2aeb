// npm run backup / restore (issue 14): a backup taken while orders keep arriving, restored into an empty data
// folder, holds every order committed before it started, each with its screenshot, and no row without its file.
// SQLite only: it is the embedded default the backup exists for (PostgreSQL goes through pg_dump/pg_restore).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../../scripts/backup-lib.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCatalog, orderFields, placeOrder } from '../src/modules/orders/orders.fixtures.ts';
import { DIALECT, buildTestApp, type TestApp } from './helpers.ts';

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
    const { packageId } = await createCatalog(t);
    const committed: string[] = [];
    const place = async (i: number) => {
      const res = await placeOrder(t, orderFields(packageId, { inGameUserId: `player-${i}` }));
      expect(res.statusCode).toBe(201);
      return res.json().payLoad.id as string;
    };
    for (let i = 0; i < 20; i++) committed.push(await place(i));

    // Orders keep arriving while the backup runs.
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

    const env = { DATA_DIR: restoredDir, DATABASE_URL: '' };
    const manifest = await restore({ archive, env, log: () => {} });
    expect(manifest.dialect).toBe('sqlite');

    const db = new Database(path.join(restoredDir, 'shop.db'), { readonly: true });
    const rows = db.prepare('select id, screenshot from orders').all() as Array<{ id: string; screenshot: string }>;
    db.close();
    const ids = new Set(rows.map((r) => r.id));
    for (const id of committed) expect(ids.has(id), `order ${id} committed before the backup`).toBe(true);
    for (const row of rows) expect(existsSync(path.join(restoredDir, 'private', 'screenshots', row.screenshot)), `file of ${row.id}`).toBe(true);

    // The restored folder runs as a shop: its admin signs in and sees the orders with working screenshot links.
    const app = await buildApp(loadConfig({ DATA_DIR: restoredDir, LOG_LEVEL: 'silent' }), { logger: false, webDir: path.join(restoredDir, 'no-web') });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email: 'admin@test.local', password: 'correct-horse-battery' } });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().payLoad.accessToken}` };
      const order = await app.inject({ method: 'GET', url: `/api/v1/Order/${committed[0]}`, headers: auth });
      expect(order.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: order.json().payLoad.screenShot })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses to restore into a data folder that is not empty', async () => {
    const archive = await backup({ env: { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl }, log: () => {} });
    await expect(restore({ archive, env: { DATA_DIR: t.dataDir }, log: () => {} })).rejects.toThrow(/not empty/);
  });
});
