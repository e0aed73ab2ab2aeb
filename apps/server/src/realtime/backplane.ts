// Fan-out of hub events between server instances. Every instance publishes each committed order once and
// delivers only what comes back from the backplane, so each admin gets each order exactly once on any instance.
// Chosen by configuration: Redis pub/sub (REDIS_URL), PostgreSQL LISTEN/NOTIFY (on PostgreSQL), else in-process.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Backplane, BackplaneListener, BackplaneOptions } from './backplane-contract.ts';
import { createPostgresBackplane } from './postgres-backplane.ts';
import { createRedisBackplane } from './redis-backplane.ts';

export type { Backplane, BackplaneListener, BackplaneOptions } from './backplane-contract.ts';
export { reconnectDelay } from './backplane-contract.ts';

export function createInProcessBackplane(): Backplane {
  let listener: BackplaneListener | null = null;
  return {
    kind: 'in-process',
    async publish(event) {
      listener?.message(event);
    },
    async subscribe(l) {
      listener = l;
    },
    async close() {
      listener = null;
    },
  };
}

export async function createBackplane(ctx: AppContext, log: FastifyBaseLogger, extra: Partial<BackplaneOptions> = {}): Promise<Backplane> {
  const { config } = ctx;
  if (!config.redisUrl && config.dialect !== 'postgres') return createInProcessBackplane();
  const options: BackplaneOptions = { log, namespace: await backplaneNamespace(ctx), ...extra };
  if (config.redisUrl) return createRedisBackplane(config.redisUrl, options);
  return createPostgresBackplane(ctx.db, config.databaseUrl, options);
}

/** Identifies the data set: database and schema on PostgreSQL, the database file otherwise. */
export async function backplaneNamespace(ctx: AppContext): Promise<string> {
  let identity = ctx.config.databaseUrl;
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql<{ db: string; schema: string }>`select current_database() as db, current_schema() as schema`.execute(ctx.db);
    identity = `${rows[0]!.db}.${rows[0]!.schema}`;
  }
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}
