// Liveness and readiness. Live: the process answers. Ready: the database answers, Redis answers when configured,
// the upload storage answers (a bucket, when S3_BUCKET is set), and DATA_DIR has room. A failed dependency refuses readiness only: the other routes keep answering what
// they can (under-pressure's own health check would turn every route into a 503 storm instead).
import { statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

export type CheckResult = { ok: boolean; detail?: string };
export type Readiness = { ready: boolean; checks: Record<string, CheckResult> };

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(what: string, probe: () => Promise<string | undefined>): Promise<CheckResult> {
  try {
    const detail = await withTimeout(probe(), what);
    return detail === undefined ? { ok: true } : { ok: true, detail };
  } catch (err) {
    return { ok: false, detail: (err as Error).message || String(err) };
  }
}

/** Free space below this refuses readiness: twenty of the largest uploads, at least 64 MB. */
export function minFreeBytes(ctx: AppContext): number {
  return Math.max(64 * 1024 * 1024, 20 * ctx.config.uploadMaxBytes);
}

export async function readiness(ctx: AppContext): Promise<Readiness> {
  const probes: Record<string, () => Promise<string | undefined>> = {
    database: async () => {
      await sql`select 1`.execute(ctx.db);
      return undefined;
    },
    storage: () => ctx.media.storage.ping(),
    disk: async () => {
      const fs = await statfs(ctx.config.dataDir);
      const free = fs.bavail * fs.bsize;
      const detail = `${Math.floor(free / 1024 / 1024)} MB free`;
      if (free < minFreeBytes(ctx)) throw new Error(`${detail}, below ${Math.floor(minFreeBytes(ctx) / 1024 / 1024)} MB`);
      return detail;
    },
  };
  const redis = ctx.redis;
  if (redis) {
    probes.redis = async () => {
      if (redis.status !== 'ready') throw new Error(`redis connection is ${redis.status}`);
      await redis.ping();
      return undefined;
    };
  }
  const names = Object.keys(probes);
  const results = await Promise.all(names.map((name) => check(name, probes[name]!)));
  const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
  return { ready: results.every((r) => r.ok), checks };
}
