// The screenshot-check capability as one object the app holds: the OCR reader, the queue (embedded or BullMQ),
// and the two things the orders module needs from it (queue a new order's check inside its transaction; say
// that it committed).
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { OrderEvents } from '../../events/order-events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createEmbeddedQueue, type CheckQueue } from './check-queue.ts';
import { createImageSandbox, type ImageSandbox, type SandboxLimits } from './image-sandbox.ts';
import type { TextReader } from './text-reader.ts';
import { attemptCheck, type CheckDeps, type CheckSettings } from './verification.service.ts';
import * as repo from './verification.repository.ts';

export type VerificationOptions = {
  /** Tests give each run its own Redis prefix (Redis is shared). Default: `topup:<namespace>`. */
  queuePrefix?: string;
  /** Reads the text instead of the OCR in the check processes (tests of failures OCR can't be made to produce). */
  reader?: TextReader;
  settings?: Partial<CheckSettings>;
  /** The check processes' limits (default: from the configuration). */
  limits?: Partial<SandboxLimits>;
  /** Embedded queue: longest idle sleep, and the lease of a claimed check (default: the wall-clock limit + 30 s). */
  pollMs?: number;
  leaseMs?: number;
  /** Queue checks but work none (test suites about other features; checks stay 'pending', as queued). */
  paused?: boolean;
};

export type Verification = {
  readonly queue: CheckQueue;
  readonly deps: CheckDeps;
  readonly sandbox: ImageSandbox;
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
  events: OrderEvents;
  log: FastifyBaseLogger;
  options?: VerificationOptions;
}): Verification {
  const { config, db, dialect, storage, events, options = {} } = input;
  const log = input.log.child({ module: 'verification' });
  const settings: CheckSettings = {
    receiptWindowMs: config.receiptMaxAgeHours * 3600_000,
    maxAttempts: 5,
    retryBaseMs: 2_000,
    ...options.settings,
  };
  const limits: SandboxLimits = { ...checkLimits(config), ...options.limits };
  // A lease outlives the attempt's own wall-clock limit, so a live worker has always killed its work before the
  // lease runs out and another worker may take the check.
  const leaseMs = options.leaseMs ?? limits.wallMs + 30_000;
  const sandbox = createImageSandbox({ size: config.checkWorkers, limits, log });
  const reader = options.reader;
  const deps: CheckDeps = {
    db,
    dialect,
    storage,
    images: reader
      ? { budget: sandbox.budget, clean: sandbox.clean, fingerprint: sandbox.fingerprint, read: (image) => reader.read(image) }
      : sandbox,
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
        leaseMs,
      })
    : createEmbeddedQueue({ db, dialect, work, log, concurrency: config.checkWorkers, pollMs: options.pollMs, leaseMs });

  return {
    queue,
    deps,
    sandbox,
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
      // Stop taking checks, then end the running ones at once (killing their processes): each records a retry, and a
      // shutdown does not wait for an OCR that may take seconds at the lowest priority.
      const closing = queue.close();
      await sandbox.close();
      await closing;
      await reader?.close();
    },
  };
}

/** The configured limits of one attempt's image work: CPU time, wall-clock time (four times the CPU time), memory. */
export function checkLimits(config: Pick<Config, 'checkTimeLimitSeconds' | 'checkMemoryMb'>): SandboxLimits {
  return { cpuMs: config.checkTimeLimitSeconds * 1000, wallMs: config.checkTimeLimitSeconds * 4000, memoryMb: config.checkMemoryMb };
}

/** Instances sharing one database share one queue; another shop on the same Redis gets another. */
function namespaceOf(config: Config): string {
  return `-${createHash('sha256').update(config.databaseUrl).digest('hex').slice(0, 12)}`;
}
