// Every piece of sharp work (upload re-encoding, resized variants, background image jobs) runs through one limiter:
// at most `concurrency` jobs decode at once, and waiting jobs are served round-robin per source (the client's
// address, or a name for internal work), so one buyer sending a burst of heavy images waits behind their own
// images while another buyer's screenshot waits for at most one job per other active source.
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';

// Uploads are decoded once and never again: libvips' operation cache would only hold their memory.
sharp.cache(false);
// One libvips thread per job: the limiter below counts jobs as cores, so `concurrency` jobs use at most that many
// cores and the core left over stays with the event loop (by default libvips gives every job all the cores).
sharp.concurrency(1);

export type ImageWorkOptions = {
  /** Jobs running at once; default one core less than the machine has (at least one), leaving a core for requests. */
  concurrency?: number;
  /** Jobs one source may have waiting; more is refused with 503 so a burst can't queue without bound. */
  maxQueuedPerSource?: number;
  /** Jobs waiting in all; more is refused with 503. */
  maxQueued?: number;
};

export type ImageWorkStats = { running: number; queued: number; sources: number };

export type ImageWork = {
  /** Runs `job` when its turn comes; refuses with a 503 AppError (Retry-After) when the queue is full. */
  run<T>(source: string, job: () => Promise<T>): Promise<T>;
  stats(): ImageWorkStats;
};

type Waiting = () => void;

export function createImageWork(options: ImageWorkOptions = {}): ImageWork {
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism() - 1);
  const maxPerSource = options.maxQueuedPerSource ?? 8;
  const maxQueued = options.maxQueued ?? 200;
  // Map keeps insertion order: a source that gets a turn goes to the back of the line.
  const queues = new Map<string, Waiting[]>();
  let running = 0;
  let queued = 0;

  function next() {
    while (running < concurrency && queues.size > 0) {
      const [source, waiting] = queues.entries().next().value as [string, Waiting[]];
      const start = waiting.shift()!;
      queues.delete(source);
      if (waiting.length > 0) queues.set(source, waiting);
      queued -= 1;
      running += 1;
      start();
    }
  }

  return {
    async run(source, job) {
      if (running >= concurrency || queued > 0) {
        const waiting = queues.get(source) ?? [];
        if (waiting.length >= maxPerSource || queued >= maxQueued) {
          throw new AppError(503, MSG.imagesBusy, undefined, { 'retry-after': '5' });
        }
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          queued += 1;
          if (!queues.has(source)) queues.set(source, waiting);
        });
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        running -= 1;
        next();
      }
    },
    stats: () => ({ running, queued, sources: queues.size }),
  };
}
