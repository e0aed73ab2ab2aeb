// Hub fan-out over PostgreSQL LISTEN/NOTIFY, for PostgreSQL deployments without Redis.
// A dedicated pg Client listens (it reconnects by itself with backoff); NOTIFY goes out through the normal pool.
// NOTIFY payloads are capped at 8000 bytes: larger events are sent as numbered chunks in one transaction,
// which PostgreSQL delivers together and in order, and are put back together on the receiving side.
import { randomBytes } from 'node:crypto';
import type PgLib from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BackplaneMessage } from '../events/order-events.ts';
import { reconnectDelay, type Backplane, type BackplaneListener, type BackplaneOptions } from './backplane-contract.ts';

/** Characters of (ASCII-only) JSON per NOTIFY, with room for the chunk header under the 8000-byte limit. */
export const NOTIFY_CHUNK_CHARS = 7000;
const REASSEMBLY_TIMEOUT_MS = 30_000;

/** JSON with every non-ASCII character escaped, so characters and bytes are the same count and chunks never split one. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `<id>:<index>:<count>:<part>` payloads for one event. */
export function toNotifyPayloads(event: unknown, chunkChars = NOTIFY_CHUNK_CHARS): string[] {
  const json = asciiJson(event);
  const id = randomBytes(8).toString('hex');
  const count = Math.max(1, Math.ceil(json.length / chunkChars));
  return Array.from({ length: count }, (_, i) => `${id}:${i}:${count}:${json.slice(i * chunkChars, (i + 1) * chunkChars)}`);
}

export async function createPostgresBackplane(db: Db, databaseUrl: string, options: BackplaneOptions): Promise<Backplane> {
  const { default: pg } = await import('pg');
  const { log, namespace, readyTimeoutMs = 5000, maxReconnectDelayMs = 5000 } = options;
  const channel = `topup_hub_${namespace}`;
  let client: PgLib.Client | null = null;
  let listener: BackplaneListener | null = null;
  let closing = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  const partial = new Map<string, { parts: string[]; got: number; timer: NodeJS.Timeout }>();

  function receive(payload: string) {
    const [id, index, count] = payload.split(':', 3);
    const data = payload.slice(`${id}:${index}:${count}:`.length);
    const i = Number(index);
    const n = Number(count);
    if (!id || !Number.isInteger(i) || !Number.isInteger(n) || i < 0 || i >= n) return;
    let json = data;
    if (n > 1) {
      let entry = partial.get(id);
      if (!entry) {
        const timer = setTimeout(() => partial.delete(id), REASSEMBLY_TIMEOUT_MS);
        timer.unref();
        entry = { parts: new Array<string>(n), got: 0, timer };
        partial.set(id, entry);
      }
      if (entry.parts[i] === undefined) entry.got++;
      entry.parts[i] = data;
      if (entry.got < n) return;
      clearTimeout(entry.timer);
      partial.delete(id);
      json = entry.parts.join('');
    }
    try {
      listener?.message(JSON.parse(json) as BackplaneMessage);
    } catch (err) {
      log.warn({ err }, 'unreadable postgres backplane notification ignored');
    }
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: `topup-hub-${namespace}` });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) receive(n.payload);
    });
    c.on('error', (err) => {
      if (!closing) log.warn({ err }, 'postgres backplane connection error');
    });
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (closing) return;
      log.warn({ channel }, 'postgres backplane connection lost; reconnecting');
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    // Closed meanwhile, or a slow first attempt and a retry both got through: keep one listener only.
    if (closing || client) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  }

  function scheduleReconnect() {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(
      async () => {
        retryTimer = null;
        if (client) return;
        try {
          await connect();
          if (closing) return;
          attempt = 0;
          log.info({ channel }, 'postgres backplane listening again');
          listener?.resumed?.();
        } catch (err) {
          attempt++;
          if (attempt === 1 || attempt % 10 === 0) log.warn({ err, attempt }, 'postgres backplane reconnect failed; retrying');
          scheduleReconnect();
        }
      },
      reconnectDelay(attempt, maxReconnectDelayMs),
    );
    retryTimer.unref();
  }

  return {
    kind: 'postgres',
    async publish(event) {
      const payloads = toNotifyPayloads(event);
      if (payloads.length === 1) {
        await sql`select pg_notify(${channel}, ${payloads[0]})`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        for (const p of payloads) await sql`select pg_notify(${channel}, ${p})`.execute(trx);
      });
    },
    async subscribe(l) {
      listener = l;
      const ok = await Promise.race([
        connect().then(
          () => true,
          (err) => {
            log.warn({ err }, 'postgres backplane could not listen yet; retrying in the background');
            return false;
          },
        ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), readyTimeoutMs).unref()),
      ]);
      if (!ok && !client) scheduleReconnect();
    },
    async close() {
      closing = true;
      listener = null;
      if (retryTimer) clearTimeout(retryTimer);
      for (const entry of partial.values()) clearTimeout(entry.timer);
      partial.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
