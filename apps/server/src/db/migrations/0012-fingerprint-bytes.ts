// Screenshot fingerprints as 1 KB of bytes instead of 2 KB of hex text, and a number given to each stored
// fingerprint in commit order (docs/decisions/0038, "Reuse search without the lock"). The reuse search reads a
// month's fingerprints before taking its lock, then under the lock only those numbered after what it read: the
// number tells them apart. Existing fingerprints are converted and numbered here; a malformed one (never written by
// the app) matched nothing before and is left empty, so it matches nothing still.
import { sql, type Kysely } from 'kysely';
import { hashFromHex, hashToHex } from '../../modules/verification/image-hash.ts';
import { isPostgres } from './dialect.ts';

const BATCH = 500;

type Row = { order_id: string; image_hash: string | Buffer | null };

/** Every check row that has a fingerprint, a batch at a time in order_id order. */
async function eachBatch(db: Kysely<unknown>, column: string, handle: (rows: Row[]) => Promise<void>) {
  let after = '';
  for (;;) {
    const { rows } = await sql<Row>`select order_id, ${sql.ref(column)} as image_hash from order_checks
      where ${sql.ref(column)} is not null and order_id > ${after} order by order_id limit ${BATCH}`.execute(db);
    if (!rows.length) return;
    await handle(rows);
    after = rows[rows.length - 1]!.order_id;
  }
}

async function replaceColumn(
  db: Kysely<unknown>,
  type: 'text' | 'bytes',
  convert: (value: Row['image_hash']) => string | Buffer | null,
  numbered: boolean,
) {
  const postgres = await isPostgres(db);
  const columnType = type === 'text' ? 'text' : postgres ? 'bytea' : 'blob';
  await db.schema.alterTable('order_checks').addColumn('image_hash_new', columnType).execute();
  let seq = 0;
  await eachBatch(db, 'image_hash', async (rows) => {
    // One commit per batch where the migrator runs without a transaction (SQLite), not one per row.
    const write = async (trx: Kysely<unknown>) => {
      for (const row of rows) {
        const value = convert(row.image_hash);
        if (value === null) continue;
        const set = numbered ? sql`image_hash_new = ${value}, hash_seq = ${++seq}` : sql`image_hash_new = ${value}`;
        await sql`update order_checks set ${set} where order_id = ${row.order_id}`.execute(trx);
      }
    };
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
  });
  await db.schema.alterTable('order_checks').dropColumn('image_hash').execute();
  await db.schema.alterTable('order_checks').renameColumn('image_hash_new', 'image_hash').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_checks').addColumn('hash_seq', 'integer').execute();
  await replaceColumn(db, 'bytes', (hex) => (typeof hex === 'string' ? hashFromHex(hex) : null), true);
  await db.schema.createIndex('order_checks_hash_seq_idx').on('order_checks').column('hash_seq').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_checks_hash_seq_idx').execute();
  await replaceColumn(db, 'text', (bytes) => (Buffer.isBuffer(bytes) ? hashToHex(bytes) : null), false);
  await db.schema.alterTable('order_checks').dropColumn('hash_seq').execute();
}
