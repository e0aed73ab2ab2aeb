// A server that starts with poisonous checks already queued keeps serving, and every one of them ends `failed`
// ("could not be checked") after its attempts instead of staying `queued` for ever: the 40 × 3000 2-colour PNG whose
// OCR used to kill the process within seconds of every start, the 600 × 31,275 text image that held the check worker
// for minutes, and a check whose attempts were all used up by processes that died while working it. The rows are
// written straight to the database (placing such images is refused now), as a server of an older version left them.
// First in this process (both databases; BullMQ on Redis when TEST_REDIS_URL is set), then the real server
// (src/main.ts) in a process of its own, which must still be alive and answering afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, DIALECT, orderRow, png, type TestApp } from '../../../test/helpers.ts';
import { insertCheck } from './verification.repository.ts';
import { GAVE_UP } from './verification.service.ts';

const useRedis = DIALECT === 'postgres' && !!process.env.TEST_REDIS_URL;
const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_ATTEMPTS = 3;

const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);

const apps: TestApp[] = [];
let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  for (const app of apps.reverse()) await app.close();
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

async function tallTextImage(): Promise<Buffer> {
  const tile = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="100"><rect width="100%" height="100%" fill="#fff"/><text x="10" y="40" font-size="24">Amount 12,500 Ks 0100398402112345</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 31_275, channels: 3, background: '#fff' } })
    .composite([{ input: tile, tile: true, top: 0, left: 0 }])
    .png({ palette: true, colours: 2 })
    .toBuffer();
}

/** Writes an order and its queued check as a server would have left them; answers the order's id. */
async function queuedCheck(t: TestApp, image: Buffer, check: { attempts?: number; leaseUntil?: string } = {}): Promise<string> {
  const screenshot = `${randomUUID()}.png`;
  const dir = path.join(t.dataDir, 'private', 'screenshots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, screenshot), image);
  const row = orderRow({ screenshot, transaction_number: String(100000 + Math.floor(Math.random() * 899999)) });
  await t.app.ctx.db
    .insertInto('orders')
    .values({ ...row, verdict: 'pending' })
    .execute();
  await insertCheck(t.app.ctx.db, row.id, row.created_at);
  if (check.attempts !== undefined) {
    await t.app.ctx.db
      .updateTable('order_checks')
      .set({ attempts: check.attempts, lease_until: check.leaseUntil ?? null })
      .where('order_id', '=', row.id)
      .execute();
  }
  return row.id;
}

/** `attemptsUsed`: the attempts the shop allows, all used up on the third check. */
async function poisonedShop(dialect: 'sqlite' | 'postgres', attemptsUsed: number) {
  const first = await buildTestApp({}, { dialect });
  apps.push(first);
  const palette = await sharp({ create: { width: 40, height: 3000, channels: 3, background: '#fff' } })
    .png({ palette: true, colours: 2 })
    .toBuffer();
  expect(palette.length).toBeLessThan(200);
  const ids = {
    palette: await queuedCheck(first, palette),
    tall: await queuedCheck(first, await tallTextImage()),
    // Every attempt claimed, none finished (each time the process died), the last lease run out.
    exhausted: await queuedCheck(first, await png(200, 300), {
      attempts: attemptsUsed,
      leaseUntil: new Date(Date.now() - 1000).toISOString(),
    }),
  };
  await first.stop();
  return { first, ids };
}

async function stateOf(t: TestApp, orderId: string) {
  const row = await t.app.ctx.db
    .selectFrom('order_checks as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.state', 'c.attempts', 'c.error', 'o.verdict'])
    .where('c.order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row;
}

describe('a server started with poisonous checks queued', () => {
  it('keeps serving, and each check ends failed after its attempts', async () => {
    const { first, ids } = await poisonedShop(DIALECT, MAX_ATTEMPTS);
    const t = await buildTestApp(useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}, {
      shareWith: first,
      build: {
        verification: { queuePrefix: `test-${randomUUID()}`, settings: { retryBaseMs: 100, maxAttempts: MAX_ATTEMPTS }, pollMs: 100 },
      },
    });
    apps.push(t);
    const end = Date.now() + 60_000;
    for (;;) {
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const states = await Promise.all(Object.values(ids).map((id) => stateOf(t, id)));
      if (states.every((s) => s.state !== 'queued')) break;
      if (Date.now() > end) throw new Error(`still queued: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const id of [ids.palette, ids.tall]) {
      const s = await stateOf(t, id);
      expect(s).toMatchObject({ state: 'failed', verdict: 'failed' });
      expect(s.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
      expect(s.error).toMatch(/too long or too narrow/);
    }
    expect(await stateOf(t, ids.exhausted)).toEqual({ state: 'failed', verdict: 'failed', attempts: MAX_ATTEMPTS, error: GAVE_UP });
    expect(uncaught).toEqual([]);
  }, 90_000);

  it('the real server process too: still alive and answering once the checks have failed', async () => {
    // The server's own number of attempts: 5.
    const { first, ids } = await poisonedShop('sqlite', 5);
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: first.dataDir,
        DATABASE_URL: first.config.databaseUrl,
        JWT_SECRET: first.config.jwtSecret,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    const stderr: string[] = [];
    child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), 30_000);
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        const m = line.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr.join('')}`)));
    });
    const reader = await buildTestApp({}, { shareWith: first });
    apps.push(reader);
    const end = Date.now() + 60_000;
    for (;;) {
      expect(exited, stderr.join('')).toBeUndefined();
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      const states = await Promise.all(Object.values(ids).map((id) => stateOf(reader, id)));
      if (states.every((s) => s.state === 'failed')) break;
      if (Date.now() > end) throw new Error(`still queued: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The poisoned images used to end the process about 5 s after the start: give it longer than that.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(exited, stderr.join('')).toBeUndefined();
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  }, 120_000);
});
