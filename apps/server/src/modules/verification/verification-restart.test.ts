// A server killed (SIGKILL) in the middle of a screenshot check loses nothing: the check is still 'queued' in the
// database, and the next start picks it up and finishes it. The killed server is the real one (src/main.ts) in its own
// process; the restart runs in this one. SQLite whatever the project: a single instance frees its dead leases at start.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers.ts';
import { createRenderer, randomLook, receiptHtml, seeded } from '../../../test/fixtures/receipts.ts';
import { createCatalog, orderFields } from '../orders/orders.fixtures.ts';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
let first: TestApp | undefined;
let restarted: TestApp | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await restarted?.stop();
  await first?.close();
});

/** Starts src/main.ts on the test's data and answers its address once it listens. */
function startServer(t: TestApp): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      JWT_SECRET: t.config.jwtSecret,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 30_000);
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      const m = line.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

describe('a server killed mid-check', () => {
  it('resumes the check after a restart', async () => {
    first = await buildTestApp({}, { dialect: 'sqlite' });
    const { packageId } = await createCatalog(first, {}, { price: 12500 });
    await first.app.ctx.db
      .insertInto('config_settings')
      .values({
        id: randomUUID(),
        payment_name: 'KBZPay',
        phone: '09777124567',
        order_index: 1,
        logo: null,
        is_active: 1,
        created_at: new Date().toISOString(),
        holder_name: null,
        payment_method: 'NORMAL',
      })
      .execute();
    const renderer = await createRenderer();
    const look = { ...randomLook(seeded(5), 'kbzpay'), burmese: false, burmeseDigits: false, rotateDeg: 0, scale: 1 };
    const image = await renderer.render(
      receiptHtml(
        {
          amount: 12500,
          transactionId: '8800112233445566',
          paidAt: new Date(Date.now() - 60_000),
          receiverName: 'Aung Ko',
          receiverPhone: '09*****4567',
        },
        look,
      ),
      look,
    );
    await renderer.close();
    await first.stop();

    const base = await startServer(first);
    const form = multipart(orderFields(packageId, { transactionNumber: '445566' }), {
      file_ScreenShot: { data: image, filename: 'pay.jpg', contentType: 'image/jpeg' },
    });
    const res = await fetch(`${base}/api/v1/Order`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload) });
    expect(res.status).toBe(201);
    const orderId = ((await res.json()) as { payLoad: { id: string } }).payLoad.id;

    // Kill it once the check is under way: re-encoded, now reading the text.
    restarted = await buildTestApp({}, { shareWith: first });
    const readDb = restarted.app.ctx.db;
    for (let i = 0; ; i++) {
      const check = await readDb.selectFrom('order_checks').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      if (check.cleaned === 1 && check.lease_until) break;
      if (i > 1500) throw new Error(`check never started: ${JSON.stringify(check)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const atDeath = await readDb
      .selectFrom('order_checks')
      .select(['state', 'lease_until'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(atDeath.state).toBe('queued');
    expect(atDeath.lease_until).not.toBeNull();
    await restarted.stop();

    // The restart (checks switched on) finds the unfinished check and finishes it.
    restarted = await buildTestApp({}, { shareWith: first, build: { verification: { pollMs: 200 } } });
    for (let i = 0; ; i++) {
      const order = await restarted.app.ctx.db.selectFrom('orders').select('verdict').where('id', '=', orderId).executeTakeFirstOrThrow();
      if (order.verdict !== 'pending') {
        expect(order.verdict).toBe('match');
        break;
      }
      if (i > 300) throw new Error('the check did not resume');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
});
