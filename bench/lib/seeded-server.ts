// Built servers (lib/prod-server.ts: `npm start`'s flags and production defaults) over a database of generated
// orders, for bench/order-search.ts and bench/order-export.ts: one server over `orders` rows and, for the search's
// baseline, one over an empty orders table. The server creates its tables when it starts; the rows are then generated inside its
// database from this process (lib/order-seed.ts), through the server's own database code. On SQLite each server has
// its DATA_DIR; on PostgreSQL each a schema of its own in `pgUrl`'s database (DATABASE_URL's search_path), dropped on
// stop. SEED_DEMO is off (the demo catalog's games would only add to the generated shop's); everything else is the
// production default, the log level included. The first admin signs in for a staff token.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { seedOrders } from './order-seed.ts';
import { BENCH_ADMIN, startProdServer, type ProdServer } from './prod-server.ts';

export type SeededServer = { server: ProdServer; url: string; token: string };

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function start(db: 'sqlite' | 'postgres', pgUrl: string | undefined, orders: number, stops: (() => Promise<void>)[]) {
  let env: Record<string, string> = { SEED_DEMO: 'false' };
  let schema: string | undefined;
  if (db === 'postgres') {
    if (!pgUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
    schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await withPg(pgUrl, (c) => c.query(`create schema ${schema}`));
    stops.push(() => withPg(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade`)).then(() => undefined));
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env = { ...env, DATABASE_URL: url.toString() };
  }
  const server = await startProdServer(env);
  stops.push(() => server.stop());
  let seedMs = 0;
  if (orders > 0) {
    const { db: kysely, dialect } = openDatabase(
      db === 'postgres' ? { url: pgUrl!, schema } : { url: `sqlite:${path.join(server.dataDir, 'shop.db')}` },
    );
    try {
      const t = performance.now();
      await seedOrders(kysely, dialect, orders);
      if (dialect === 'postgres') await sql`vacuum analyze orders`.execute(kysely);
      seedMs = performance.now() - t;
    } finally {
      await kysely.destroy();
    }
  }
  return { seeded: { server, url: server.url, token: await signIn(server.url) }, seedMs };
}

/** Runs `open` for each server with a shared list of stops; `stop` ends them all and removes what they made. */
async function withStops<T>(open: (stops: (() => Promise<void>)[]) => Promise<T>): Promise<T & { stop: () => Promise<void> }> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err: unknown) => console.error(err));
  };
  try {
    return { ...(await open(stops)), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One built server over `orders` generated orders. */
export function startSeeded(db: 'sqlite' | 'postgres', orders: number, pgUrl?: string) {
  return withStops(async (stops) => {
    const full = await start(db, pgUrl, orders, stops);
    return { server: full.seeded, seedMs: full.seedMs };
  });
}

/** The seeded server and its empty-table baseline. */
export function startSeededPair(db: 'sqlite' | 'postgres', orders: number, pgUrl?: string) {
  return withStops(async (stops) => {
    const full = await start(db, pgUrl, orders, stops);
    const empty = await start(db, pgUrl, 0, stops);
    return { full: full.seeded, empty: empty.seeded, seedMs: full.seedMs };
  });
}
