// How long a screenshot check's reuse search takes in a shop with a month of orders: the fingerprints the check
// compares its own with (modules/verification: orders of the last 30 days). N orders with checks in the window
// (REUSE_ORDERS, default 30,000: 1,000 a day), 1 in REUSE_UNREAD_EVERY (100) with its receipt's transaction id unread,
// 10 of them copies of the checked picture; the search timed for a check whose transaction id was read and for one
// whose wasn't, on SQLite (and PostgreSQL with TEST_DATABASE_URL), median of REUSE_REPEATS (7). Two halves
// (reuse.ts): the scan before the lock (its time, and the longest the event loop was held at once meanwhile: on SQLite
// every read runs on it) and the part inside the check's locked transaction (on SQLite the only connection, so every
// other query of the shop waits meanwhile; on PostgreSQL the advisory lock other checks wait for).
// Baseline in the same run: reading the same window's order ids alone (what any per-window query costs).
// Run: npm run bench -- reuse-search.
import { randomBytes, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';
import { migrateToLatest, openDatabase, type Db, type Dialect } from '../apps/server/src/db/database.ts';
import { finishSamePicture, REUSE_WINDOW_MS, scanSamePicture, type PictureQuery } from '../apps/server/src/modules/verification/reuse.ts';
import { lockReuseSearch } from '../apps/server/src/modules/verification/verification.repository.ts';
import { env, median, printTable } from './lib/driver.ts';

const ORDERS = env('REUSE_ORDERS', 30_000);
const UNREAD_EVERY = env('REUSE_UNREAD_EVERY', 100);
const REPEATS = env('REUSE_REPEATS', 7);
const PG_URL = process.env.TEST_DATABASE_URL;

/** A fingerprint shaped like the real ones (512 bytes of bits, 512 of confidence mask). */
const fakeHash = () => randomBytes(1024);
/** The checked picture; every 3,000th order of the window is a copy of it. */
const PICTURE = fakeHash();

async function fill(db: Db) {
  const now = Date.now();
  for (let from = 0; from < ORDERS; from += 1000) {
    const orders: Insertable<Database['orders']>[] = [];
    const checks: Insertable<Database['order_checks']>[] = [];
    for (let i = from; i < Math.min(ORDERS, from + 1000); i++) {
      const id = randomUUID();
      const at = new Date(now - ((i * REUSE_WINDOW_MS) / ORDERS) * 0.99).toISOString();
      orders.push({
        id,
        in_game_user_id: '123',
        server_info: '',
        mobile_number: '09123456789',
        game_id: null,
        game_title: 'G',
        package_id: null,
        package_title: 'P',
        package_unit: 1,
        package_price: 1000,
        package_currency: 'MMK',
        package_image: null,
        payment_method: 'NORMAL',
        quantity: 1,
        sub_total: 1000,
        transaction_number: String(i % 1_000_000).padStart(6, '0'),
        screenshot: `${id}.png`,
        status: 'COMPLETED',
        operator_id: null,
        operator_email: null,
        is_read: 1,
        created_at: at,
        updated_at: at,
        idempotency_key: null,
      });
      checks.push({
        order_id: id,
        state: 'done',
        attempts: 1,
        next_attempt_at: at,
        cleaned: 1,
        image_hash: i % 3000 === 1 ? PICTURE : fakeHash(),
        hash_seq: i + 1,
        receipt_txn_id: i % UNREAD_EVERY === 0 ? null : `0100${String(i).padStart(12, '0')}`,
        created_at: at,
        checked_at: at,
      });
    }
    await db.insertInto('orders').values(orders).execute();
    await db.insertInto('order_checks').values(checks).execute();
  }
}

async function measure(db: Db, dialect: Dialect) {
  const since = new Date(Date.now() - REUSE_WINDOW_MS).toISOString();
  const self = randomUUID();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const search = async (receiptTxnId: string | null) => {
    const q: PictureQuery = { orderId: self, since, hash: PICTURE, receiptTxnId };
    const scanMs = [];
    const lockedMs = [];
    let longestHoldMs = 0;
    let found = 0;
    for (let i = 0; i < REPEATS; i++) {
      loopDelay.reset();
      loopDelay.enable();
      let t = performance.now();
      const scan = await scanSamePicture(db, q);
      scanMs.push(performance.now() - t);
      loopDelay.disable();
      longestHoldMs = Math.max(longestHoldMs, loopDelay.max / 1e6);
      t = performance.now();
      found = (
        await db.transaction().execute(async (trx) => {
          await lockReuseSearch(trx, dialect);
          return finishSamePicture(trx, q, scan);
        })
      ).length;
      lockedMs.push(performance.now() - t);
    }
    return [median(scanMs).toFixed(1), longestHoldMs.toFixed(1), median(lockedMs).toFixed(1), String(found)];
  };
  const read = await search('0100999999999999');
  const unread = await search(null);
  const ms = [];
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    await db.selectFrom('orders').select('id').where('created_at', '>=', since).execute();
    ms.push(performance.now() - t);
  }
  return [dialect, String(ORDERS), ...read, ...unread, median(ms).toFixed(1)];
}

async function main() {
  const rows: string[][] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'topup-reuse-'));
  try {
    const { db, dialect } = openDatabase({ url: `sqlite:${path.join(dir, 'shop.db')}` });
    await migrateToLatest(db);
    await fill(db);
    rows.push(await measure(db, dialect));
    await db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (PG_URL) {
    const schema = `bench_reuse_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const { db, dialect } = openDatabase({ url: PG_URL, schema });
      await migrateToLatest(db, schema);
      await fill(db);
      await sql`analyze`.execute(db);
      rows.push(await measure(db, dialect));
      await db.destroy();
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  console.log(
    `\nReuse search of one check over a month of orders (${UNREAD_EVERY === 0 ? 'none' : `1 in ${UNREAD_EVERY}`} with an unread transaction id), median of ${REPEATS} (ms)`,
  );
  console.log(
    'scan: before the lock, its time and the longest the event loop was held at once (max of the repeats); locked: inside the transaction',
  );
  printTable(
    [
      'db',
      'orders in window',
      'id read: scan',
      'longest hold',
      'locked',
      'found',
      'id unread: scan',
      'longest hold',
      'locked',
      'found',
      "baseline: the window's ids",
    ],
    rows,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
