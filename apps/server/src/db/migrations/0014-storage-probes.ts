// One row per running instance: the probe file it wrote to the upload storage at start, so every instance can tell
// whether it sees the files the others write (storage/storage-probe.ts, docs/decisions/0074).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_probes')
    .addColumn('instance_id', 'varchar(36)', (c) => c.primaryKey())
    // The probe's content is checked, not only its presence: a stale copy on another disk must not pass.
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage', 'varchar(512)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_probes').execute();
}
