// Screenshot checks through BullMQ (REDIS_URL set): jobs carry only the order id, any instance's worker takes them,
// BullMQ retries with backoff and recovers jobs of a worker that died (stalled jobs). The job id is the order id, so
// offering the same check twice is a no-op; a periodic sweep re-offers every check the database still has queued.
import type { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { CheckQueue, Work } from './check-queue.ts';
import * as repo from './verification.repository.ts';

export type BullmqQueueOptions = {
  db: Db;
  redisUrl: string;
  /** Key prefix in Redis: instances of one shop share it, other shops (and parallel tests) must not. */
  prefix: string;
  work: Work;
  log: FastifyBaseLogger;
  concurrency: number;
  attempts: number;
  retryBaseMs: number;
  /** The database lease a job takes on its check before working it (repo.claimOne). */
  leaseMs: number;
  sweepMs?: number;
};

const QUEUE_NAME = 'screenshot-checks';

export function createBullmqQueue(options: BullmqQueueOptions): CheckQueue {
  const { db, log } = options;
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  let queue: Queue | null = null;
  let worker: Worker | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  // A new order's check goes to the front (lifo), so under a backlog the orders just placed are checked first; the
  // sweep's re-offers go to the back.
  const offer = async (orderId: string, lifo = false) => {
    await queue?.add(
      'check',
      { orderId },
      {
        jobId: orderId,
        lifo,
        attempts: options.attempts,
        backoff: { type: 'exponential', delay: options.retryBaseMs },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  };

  // BullMQ decides when a job runs; the check's row decides whether it may, and counts the attempt, so a job that
  // stalls again and again (its worker's process died each time) still ends after the check's attempts. A check held
  // by another live attempt, or finished, is left alone: the sweep offers it again while it is queued.
  const claimAndWork = async (orderId: string) => {
    const now = new Date();
    if (!(await repo.claimOne(db, orderId, now.toISOString(), new Date(now.getTime() + options.leaseMs).toISOString()))) return;
    await options.work(orderId);
  };

  const sweep = async () => {
    try {
      for (const orderId of await repo.listQueued(db, 1000)) await offer(orderId);
    } catch (err) {
      log.error({ err }, 'screenshot check queue: sweep failed; the next one tries again');
    }
  };

  return {
    kind: 'bullmq',
    notify(orderId) {
      offer(orderId, true).catch((err: unknown) => log.error({ err, orderId }, 'screenshot check not queued now; the sweep will'));
    },
    async start() {
      // Loaded only here: a shop without REDIS_URL never pays bullmq's memory (docs/decisions/0024).
      const { Queue, Worker } = await import('bullmq');
      queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix });
      queue.on('error', (err) => log.error({ err }, 'screenshot check queue error'));
      worker = new Worker(QUEUE_NAME, async (job) => claimAndWork((job.data as { orderId: string }).orderId), {
        connection,
        prefix: options.prefix,
        concurrency: options.concurrency,
      });
      worker.on('error', (err) => log.error({ err }, 'screenshot check worker error'));
      await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
      await sweep();
      sweeper = setInterval(() => void sweep(), options.sweepMs ?? 60_000);
      sweeper.unref();
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      await worker?.close();
      await queue?.close();
    },
  };
}
