// Where screenshot checks wait and who works them. Two implementations behind one interface: the embedded default
// (rows of order_checks claimed with a lease, worked in this process) and BullMQ on Redis (any instance works any
// job). Either way the database holds the truth: a sweep re-offers every check still 'queued', so a lost job, a
// crash or a restart never leaves an order unchecked (docs/decisions/0038-screenshot-checks-off-the-request-path.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/database.ts';
import * as repo from './verification.repository.ts';

export interface CheckQueue {
  readonly kind: 'embedded' | 'bullmq';
  /** A check row for this order was committed (new order or "check again"): work it soon. */
  notify(orderId: string): void;
  /** Re-offers every unfinished check and starts working. */
  start(): Promise<void>;
  /** Stops taking work and waits (bounded) for what is running. */
  close(): Promise<void>;
}

export type Work = (orderId: string) => Promise<void>;

/** One claim in this many takes the oldest due check; the others the newest (docs/decisions/0066). */
export const OLDEST_EVERY = 4;

export type EmbeddedQueueOptions = {
  db: Db;
  dialect: Dialect;
  work: Work;
  log: FastifyBaseLogger;
  concurrency: number;
  /** A claimed check is held this long; a worker that died frees it when it passes (PostgreSQL, several instances). */
  leaseMs?: number;
  /** Longest sleep between looks at the table when nothing is due. */
  pollMs?: number;
};

export function createEmbeddedQueue(options: EmbeddedQueueOptions): CheckQueue {
  const { db, work, log, concurrency } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = options.pollMs ?? 5_000;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let ticking = false;
  let again = false;
  let turn = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.max(0, ms));
    timer.unref();
  };

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      const free = concurrency - running.size;
      // Every worker busy: the next to finish looks again. (Looking now would find checks due and look again at once,
      // a loop that held the event loop for as long as a backlog lasted.)
      if (free <= 0) return;
      const now = new Date();
      const at = now.toISOString();
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      // Newest first, but every OLDEST_EVERY-th free worker takes the oldest: under a backlog the orders just placed
      // are checked while their buyers wait, and the backlog still drains.
      let oldest = 0;
      for (let i = 0; i < free; i++) if (++turn % OLDEST_EVERY === 0) oldest++;
      const claimed = await repo.claimDue(db, at, leaseUntil, free - oldest, 'newest');
      if (oldest > 0) claimed.push(...(await repo.claimDue(db, at, leaseUntil, oldest, 'oldest')));
      for (const orderId of claimed) {
        const job: Promise<void> = work(orderId)
          .catch(() => undefined) // recorded by the work itself (retry time or final failure)
          .finally(() => {
            running.delete(job);
            schedule(0);
          });
        running.add(job);
      }
      const next = await repo.nextDue(db);
      schedule(next ? Math.min(pollMs, Date.parse(next) - Date.now()) : pollMs);
    } catch (err) {
      log.error({ err }, 'screenshot check queue: could not read the queue; trying again');
      schedule(pollMs);
    } finally {
      ticking = false;
      if (again) {
        again = false;
        schedule(0);
      }
    }
  }

  return {
    kind: 'embedded',
    notify() {
      schedule(0);
    },
    async start() {
      stopped = false;
      // On SQLite this process is the only one: leases left by a previous run that died are void.
      if (options.dialect === 'sqlite') await repo.releaseAllLeases(db);
      schedule(0);
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
}
