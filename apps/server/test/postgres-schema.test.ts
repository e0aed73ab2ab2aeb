// A shop whose PostgreSQL schema is named only in DATABASE_URL (`options=-c search_path=…`), in a database where
// another schema already holds a shop: the migrator must keep to its own schema's bookkeeping, not take the
// other's for its own ("relation kysely_migration_lock does not exist" at start-up before).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { buildTestApp } from './helpers.ts';

// PostgreSQL only (the SQLite project excludes this file, see vitest.config.ts).
describe('a schema named in DATABASE_URL', () => {
  it('starts and migrates beside another shop in the same database', async () => {
    const neighbour = await buildTestApp();
    const base = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-schema-'));
    try {
      await admin.query(`create schema ${schema}`);
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
      });
      const app = await buildApp(config, { logger: false, webDir: path.join(dataDir, 'no-web'), verification: { paused: true } });
      try {
        const res = await app.inject({ method: 'GET', url: '/health/ready' });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await app.close();
      }
      const { rows } = await admin.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = $1 and table_name in ('orders', 'kysely_migration') order by 1`,
        [schema],
      );
      expect(rows.map((r) => r.table_name)).toEqual(['kysely_migration', 'orders']);
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
      await neighbour.close();
    }
  });
});
