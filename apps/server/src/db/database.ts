// Opens Kysely on SQLite (better-sqlite3, WAL, foreign keys, durable commits) or PostgreSQL (pg), and migrates it.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type PgLib from 'pg';
import { Kysely, Migrator, sql, PostgresDialect, SqliteDialect, type CompiledQuery, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { alreadyDurable, createWalFlush, type DurableCommits } from './durable-commits.ts';
import * as initial from './migrations/0001-initial.ts';
import * as orderIdempotency from './migrations/0002-order-idempotency.ts';
import * as orderSearch from './migrations/0003-order-search.ts';
import * as staffLanguage from './migrations/0004-staff-language.ts';
import * as refreshGrace from './migrations/0005-refresh-grace.ts';
import * as orderSearchExact from './migrations/0006-order-search-exact.ts';
import * as orderVerification from './migrations/0007-order-verification.ts';
import * as ownerControls from './migrations/0008-owner-controls.ts';
import * as orderTracking from './migrations/0009-order-tracking.ts';
import * as orderEvents from './migrations/0010-order-events.ts';
import * as orderFilterSearch from './migrations/0011-order-filter-search.ts';
import * as fingerprintBytes from './migrations/0012-fingerprint-bytes.ts';
import * as checkQueueNewest from './migrations/0013-check-queue-newest.ts';
import * as storageProbes from './migrations/0014-storage-probes.ts';
import * as paymentAccountHolder from './migrations/0015-payment-account-holder.ts';
import * as staffAlerts from './migrations/0016-staff-alerts.ts';
import * as paymentPhones from './migrations/0017-payment-phones.ts';
import * as unmatchedPaymentAlerts from './migrations/0018-unmatched-payment-alerts.ts';
import * as codeStock from './migrations/0019-code-stock.ts';
import * as orderPaymentState from './migrations/0020-order-payment-state.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** Migrations are imported, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-order-idempotency': orderIdempotency,
  '0003-order-search': orderSearch,
  '0004-staff-language': staffLanguage,
  '0005-refresh-grace': refreshGrace,
  '0006-order-search-exact': orderSearchExact,
  '0007-order-verification': orderVerification,
  '0008-owner-controls': ownerControls,
  '0009-order-tracking': orderTracking,
  '0010-order-events': orderEvents,
  '0011-order-filter-search': orderFilterSearch,
  '0012-fingerprint-bytes': fingerprintBytes,
  '0013-check-queue-newest': checkQueueNewest,
  '0014-storage-probes': storageProbes,
  '0015-payment-account-holder': paymentAccountHolder,
  '0016-staff-alerts': staffAlerts,
  '0017-payment-phones': paymentPhones,
  '0018-unmatched-payment-alerts': unmatchedPaymentAlerts,
  '0019-code-stock': codeStock,
  '0020-order-payment-state': orderPaymentState,
};

/** Every migration, by name (the migrator's source; tests that step through them use it too). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export type DatabaseOptions = {
  url: string;
  /** PostgreSQL only: the schema to use, created when missing (tests give each file its own). */
  schema?: string;
};

/**
 * Runs a compiled query and hands each row to `onRow` as the driver parses it, without collecting the rows into an
 * array; resolves once every row has been handed over. PostgreSQL only (docs/decisions/0058: a result array read
 * through the pool's promise API is promoted to V8's old space page after page, rows handed over one by one die young).
 */
export type RowStreamer = <R>(query: CompiledQuery<R>, onRow: (row: R) => void) => Promise<void>;

export type OpenDatabase = {
  db: Db;
  dialect: Dialect;
  /** Makes what was committed durable; write requests wait for it before they answer (durable-commits.ts). */
  commits: DurableCommits;
  eachRow?: RowStreamer;
};

function rowStreamer(pg: typeof PgLib, pool: PgLib.Pool): RowStreamer {
  return async <R>(query: CompiledQuery<R>, onRow: (row: R) => void) => {
    const client = await pool.connect();
    let failure: unknown = null;
    try {
      await new Promise<void>((resolve, reject) => {
        // A Query without a callback and with a 'row' listener does not keep its rows (pg's query.js).
        const q = new pg.Query({ text: query.sql, values: [...query.parameters] });
        q.on('row', (row: R) => {
          if (failure !== null) return;
          try {
            onRow(row);
          } catch (err) {
            // Thrown inside the driver's socket handler it would be uncaught: the query runs to its end, then fails.
            failure = err;
          }
        });
        q.on('error', reject);
        q.on('end', () => (failure === null ? resolve() : reject(failure as Error)));
        void client.query(q);
      });
    } catch (err) {
      failure ??= err;
      throw err;
    } finally {
      // A failed query may leave the connection mid-protocol: release it with the error so the pool discards it.
      client.release(failure === null ? undefined : failure instanceof Error ? failure : new Error(String(failure)));
    }
  };
}

export function openDatabase({ url, schema }: DatabaseOptions): OpenDatabase {
  if (/^postgres(ql)?:/.test(url)) {
    // Required here, not imported at the top: the embedded SQLite default never loads pg (docs/decisions/0024).
    const pg = createRequire(import.meta.url)('pg') as typeof PgLib;
    // COUNT(*) and other bigints arrive as text unless parsed; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      commits: alreadyDurable,
      eachRow: rowStreamer(pg, pool),
    };
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // No flush of the WAL inside each commit (on the event loop): write requests flush it on the thread pool before
  // they answer, so an acknowledged order still survives a power cut (durable-commits.ts).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const commits = file === ':memory:' ? alreadyDurable : createWalFlush(file);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', commits };
}

/**
 * PostgreSQL: the schema new tables go to (the first on the connection's search_path, e.g. set in DATABASE_URL). The
 * migrator is pinned to it, or it would take another schema's bookkeeping tables in the same database for its own.
 */
export async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

/** `schema`: PostgreSQL schema holding the tables; Kysely otherwise looks for its bookkeeping in every schema on the path. */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  // Features land on parallel branches, each with its own migration number: a database that already ran a later
  // number must still take an earlier one that arrives after it.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely's check for its bookkeeping tables reads the columns of every schema in the database; a table or schema
    // dropped meanwhile by someone else (another shop in the same database) fails that read, not a migration of ours.
    if (!failed && isCatalogRace(error) && attempt < 5) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * PostgreSQL errors a catalog read gives when another session drops what it is reading: schema, column or table
 * "does not exist", "cache lookup failed".
 */
function isCatalogRace(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return code === '3F000' || code === '42703' || code === '42P01' || code === 'XX000';
}

/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Case-insensitive "contains" pattern with LIKE wildcards in the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE '%term%'`, the same on both databases. */
export function ilike(column: string, term: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(term)} escape '\\'`;
}
