// Graceful shutdown: closing the listening app lets an in-flight request finish, refuses new work, then closes the database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DIALECT } from './helpers.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-shutdown-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = DIALECT === 'postgres' ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;

async function withPg(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (schema) await withPg(`drop schema if exists ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes the in-flight request, then closes the database', async () => {
    if (schema) await withPg(`create schema ${schema}`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: schema ? pgUrl! : `sqlite:${path.join(dataDir, 'shop.db')}`,
      JWT_SECRET: 'shutdown-secret-shutdown-secret-0123456789',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const app = await buildApp(config, { dbSchema: schema, logger: false, webDir: path.join(dataDir, 'no-web') });

    // A test-only slow route that also uses the database after its wait, as a real request would.
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/test/slow', { config: { access: 'public' } }, async () => {
      started();
      await released;
      const row = await app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { finished: true, users: Number(row.n) };
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${base}/test/slow`).then(async (res) => ({
      status: res.status,
      connection: res.headers.get('connection'),
      json: await res.json(),
    }));
    await handlerStarted;

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // Closing waits for the request: nothing has finished yet.
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    // No new connections are taken while closing.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    release();
    const res = await inFlight;
    // The answer asks the client to drop the keep-alive connection, so closing needn't wait for it to time out.
    expect(res).toEqual({ status: 200, connection: 'close', json: { finished: true, users: 0 } });
    await Promise.race([
      closing,
      new Promise((_, reject) => setTimeout(() => reject(new Error('app.close() did not finish within 5 s')), 5000)),
    ]);
    expect(closed).toBe(true);

    // The database went with the app.
    await expect(app.ctx.db.selectFrom('users').select('id').execute()).rejects.toThrow();
  });
});
