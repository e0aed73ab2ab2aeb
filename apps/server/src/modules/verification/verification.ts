// The screenshot-check capability as one object the app holds: the OCR reader, the queue (embedded or BullMQ),
// and the two things the orders module needs from it (queue a new order's check inside its transaction; say
// that it committed).
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { OrderEvents } from '../../events/order-events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { ImageWork } from '../../storage/image-work.ts';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createEmbeddedQueue, type CheckQueue } from './check-queue.ts';
import { createTesseractReader, defaultOcrCacheDir, type TextReader } from './text-reader.ts';
import { attemptCheck, CHECK_SOURCE, type CheckDeps, type CheckSettings } from './verification.service.ts';
import * as repo from './verification.repository.ts';

export type VerificationOptions = {
  /** Tests give each run its own Redis prefix (Redis is shared). Default: `topup:<namespace>`. */
  queuePrefix?: string;
  reader?: TextReader;
  settings?: Partial<CheckSettings>;
  /** Embedded queue: longest idle sleep, and the lease of a claimed check. */
  pollMs?: number;
  leaseMs?: number;
  /** Queue checks but work none (test suites about other features; checks stay 'pending', as queued). */
  paused?: boolean;
};

export type Verification = {
  readonly queue: CheckQueue;
  readonly deps: CheckDeps;
  /** Creates the order's check row; call inside the transaction that inserts the order. */
  queueInTransaction(trx: Db, orderId: string, now: string): Promise<void>;
  /** The order (and its check row) committed: start soon. */
  committed(orderId: string): void;
  /** "Check again": back to pending and queued. */
  recheck(orderId: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export function createVerification(input: {
  config: Config;
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  imageWork: ImageWork;
  events: OrderEvents;
  log: FastifyBaseLogger;
  options?: VerificationOptions;
}): Verification {
  const { config, db, dialect, storage, imageWork, events, options = {} } = input;
  const log = input.log.child({ module: 'verification' });
  const settings: CheckSettings = {
    receiptWindowMs: config.receiptMaxAgeHours * 3600_000,
    maxAttempts: 5,
    retryBaseMs: 2_000,
    ...options.settings,
  };
  const reader =
    options.reader ??
    createTesseractReader({
      cacheDir: defaultOcrCacheDir(config.dataDir),
      workers: config.checkWorkers,
      runSharp: (job) => imageWork.run(CHECK_SOURCE, job),
    });
  const deps: CheckDeps = {
    db,
    dialect,
    storage,
    imageWork,
    reader,
    settings,
    log,
    announce: (event) => {
      try {
        events.orderVerdict(event);
      } catch (err) {
        log.error({ err, orderId: event.orderId }, 'orderVerdict listener failed');
      }
    },
  };
  const work = (orderId: string) => attemptCheck(deps, orderId);
  const queue: CheckQueue = config.redisUrl
    ? createBullmqQueue({
        db,
        redisUrl: config.redisUrl,
        prefix: options.queuePrefix ?? `topup${namespaceOf(config)}`,
        work,
        log,
        concurrency: config.checkWorkers,
        attempts: settings.maxAttempts,
        retryBaseMs: settings.retryBaseMs,
      })
    : createEmbeddedQueue({ db, dialect, work, log, concurrency: config.checkWorkers, pollMs: options.pollMs, leaseMs: options.leaseMs });

  return {
    queue,
    deps,
    queueInTransaction: (trx, orderId, now) => repo.insertCheck(trx, orderId, now),
    committed: (orderId) => {
      if (!options.paused) queue.notify(orderId);
    },
    async recheck(orderId) {
      await repo.requeue(db, orderId, new Date().toISOString());
      deps.announce({ orderId, verdict: 'pending', isDuplicate: (await repo.findOrderForCheck(db, orderId))?.is_duplicate === 1 });
      if (!options.paused) queue.notify(orderId);
    },
    start: async () => {
      if (!options.paused) await queue.start();
    },
    async close() {
      await queue.close();
      await reader.close();
    },
  };
}

/** Instances sharing one database share one queue; another shop on the same Redis gets another. */
function namespaceOf(config: Config): string {
  return `-${createHash('sha256').update(config.databaseUrl).digest('hex').slice(0, 12)}`;
}
