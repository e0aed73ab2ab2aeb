// Migration 0012 on a database that already holds checks: fingerprints stored as hex text become 1 KB of bytes with
// a number each (a malformed one, which matched nothing, becomes none), the search finds a migrated fingerprint,
// checks stored afterwards are numbered after them, and going down gives the text back.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, orderRow } from '../../test/helpers.ts';
import { hashToHex } from '../modules/verification/image-hash.ts';
import { findSamePicture, REUSE_WINDOW_MS } from '../modules/verification/reuse.ts';
import { latestHashSeq } from '../modules/verification/verification.repository.ts';
import { migrateToLatest, migrationProvider, openDatabase, type Db } from './database.ts';

const BEFORE = '0011-order-filter-search';
let db: Db;
let schema: string | undefined;
let dir: string;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'topup-0012-'));
  if (DIALECT === 'postgres') {
    schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await admin(`create schema ${schema}`);
  }
  db = openDatabase({ url: schema ? process.env.TEST_DATABASE_URL! : `sqlite:${path.join(dir, 'shop.db')}`, schema }).db;
});
afterAll(async () => {
  await db?.destroy();
  if (schema) await admin(`drop schema ${schema} cascade`);
  rmSync(dir, { recursive: true, force: true });
});

const migrator = () =>
  new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });

describe('migration 0012: fingerprints as bytes, numbered', () => {
  it('converts and numbers existing fingerprints, and gives the text back going down', async () => {
    const { error } = await migrator().migrateTo(BEFORE);
    expect(error).toBeUndefined();
    const at = new Date(Date.now() - 3600_000).toISOString();
    const texts = [
      hashToHex(randomBytes(1024)),
      hashToHex(randomBytes(1024)).toUpperCase(),
      `${hashToHex(randomBytes(1024)).slice(0, 100)}zz`,
      null,
    ];
    const ids: string[] = [];
    for (const text of texts) {
      const row = orderRow({ created_at: at, updated_at: at });
      await db.insertInto('orders').values(row).execute();
      await sql`insert into order_checks (order_id, state, attempts, next_attempt_at, cleaned, image_hash, created_at) values (${row.id}, 'done', 1, ${at}, 1, ${text}, ${at})`.execute(
        db,
      );
      ids.push(row.id);
    }

    await migrateToLatest(db, schema);
    const rows = await db.selectFrom('order_checks').select(['order_id', 'image_hash', 'hash_seq']).execute();
    const byId = new Map(rows.map((r) => [r.order_id, r]));
    expect(byId.get(ids[0]!)!.image_hash!.equals(Buffer.from(texts[0]!.replace(':', ''), 'hex'))).toBe(true);
    expect(byId.get(ids[1]!)!.image_hash!.equals(Buffer.from(texts[1]!.replace(':', ''), 'hex'))).toBe(true);
    expect([byId.get(ids[0]!)!.hash_seq, byId.get(ids[1]!)!.hash_seq].sort()).toEqual([1, 2]);
    // The malformed one matched nothing before and is no fingerprint now; the empty one stays empty.
    for (const id of ids.slice(2)) expect(byId.get(id)).toMatchObject({ image_hash: null, hash_seq: null });
    expect(await latestHashSeq(db)).toBe(2);

    // A new check with the same picture finds the migrated one (its transaction id unread).
    const self = orderRow();
    await db.insertInto('orders').values(self).execute();
    const since = new Date(Date.now() - REUSE_WINDOW_MS).toISOString();
    expect(await findSamePicture(db, { orderId: self.id, since, hash: byId.get(ids[0]!)!.image_hash!, receiptTxnId: null })).toEqual([
      ids[0],
    ]);

    const down = await migrator().migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const back = await sql<{ order_id: string; image_hash: string | null }>`select order_id, image_hash from order_checks`.execute(db);
    const text = new Map(back.rows.map((r) => [r.order_id, r.image_hash]));
    expect([text.get(ids[0]!), text.get(ids[1]!), text.get(ids[2]!), text.get(ids[3]!)]).toEqual([
      texts[0],
      texts[1]!.toLowerCase(),
      null,
      null,
    ]);
    await migrateToLatest(db, schema);
  });
});
