// The processes a screenshot check's image work runs in: decoding and re-encoding the upload, its fingerprint, the
// OCR (image-sandbox-process.ts). Each is a child process at the lowest CPU priority doing one job at a time, so
// nothing an image does there reaches the server: a decoder or tesseract worker that crashes or throws ends that
// process, and a job that overruns its CPU time, its wall-clock time or its memory is killed with it. The job fails
// (the check's attempt fails, see verification.service.ts), and the next job gets a fresh process.
// docs/decisions/0064-screenshot-checks-that-cannot-crash-the-server.md
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { CleanImage, ImageExt } from '../../storage/images.ts';

export type SandboxLimits = {
  /** CPU time (all threads) one attempt's image work may use: what an image costs, whatever else the machine does. */
  cpuMs: number;
  /** Wall-clock time one attempt's image work may take: the backstop for a process that waits instead of working. */
  wallMs: number;
  /** Resident memory one process may reach (read from /proc on Linux; elsewhere only its JavaScript heap is capped). */
  memoryMb: number;
};

/** What one attempt may still spend; its jobs draw on it in turn. */
export type Budget = { cpuMsLeft: number; deadline: number };

export type SandboxOp = 'clean' | 'fingerprint' | 'read';
export type SandboxRequest = { id: number; op: SandboxOp; image: Uint8Array };
export type SandboxResult =
  | { op: 'clean'; data: Uint8Array; ext: ImageExt; width: number; height: number }
  | { op: 'fingerprint'; hash: Uint8Array }
  | { op: 'read'; text: string };
export type SandboxReply = { id: number; result?: SandboxResult; error?: { message: string; refused: boolean } } | { ready: true };

/** The image itself can't be checked (not decodable, or not a screenshot's shape): retrying won't help. */
export class ImageRefused extends Error {}

/** The job did not finish: it overran a limit, its process died, or it threw. Another attempt may succeed. */
export class SandboxFailure extends Error {
  constructor(
    readonly reason: 'time' | 'memory' | 'crashed' | 'error' | 'closed',
    message: string,
  ) {
    super(message);
  }
}

export interface ImageSandbox {
  /** A fresh budget for one attempt. */
  budget(): Budget;
  /** Re-encoded as a still (first frame, metadata stripped); refused when it decodes to no screenshot's shape. */
  clean(image: Buffer, budget: Budget): Promise<CleanImage>;
  fingerprint(image: Buffer, budget: Budget): Promise<Buffer>;
  read(image: Buffer, budget: Budget): Promise<string>;
  stats(): { processes: number; busy: number; killed: number; pids: number[] };
  close(): Promise<void>;
}

export type ImageSandboxOptions = {
  /** Processes at most (one per check worker). */
  size: number;
  limits: SandboxLimits;
  log: FastifyBaseLogger;
};

/** How often a running job's CPU time and memory are looked at. */
const WATCH_MS = 100;
/** /proc/<pid>/stat counts CPU time in clock ticks: 100 a second on every Linux the shop runs on. */
const TICK_MS = 10;

/** From source (tests, `npm run dev`): the .ts through tsx; in the build: the bundle beside dist/main.js. */
function processEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./image-sandbox-process.ts', here)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./image-sandbox-process.js', here)), execArgv: [] };
}

type Running = { id: number; resolve(result: SandboxResult): void; reject(err: Error): void };
type Slot = { child: ChildProcess; ready: Promise<void>; busy: boolean; dead: boolean; job: Running | null };

export function createImageSandbox(options: ImageSandboxOptions): ImageSandbox {
  const { limits, log } = options;
  const entry = processEntry();
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  let nextId = 1;
  let killed = 0;
  let closed = false;

  function spawnSlot(): Slot {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let markReady: () => void = () => undefined;
    const slot: Slot = { child, ready: new Promise<void>((r) => (markReady = r)), busy: true, dead: false, job: null };
    // Whatever tesseract or libvips print (e.g. "Image too large") goes to the log, not to the server's stdout.
    const relay = (stream: 'stdout' | 'stderr') => (chunk: Buffer) =>
      log.warn({ pid: child.pid, stream, output: chunk.toString('utf8').slice(0, 500) }, 'screenshot check process said');
    child.stdout!.on('data', relay('stdout'));
    child.stderr!.on('data', relay('stderr'));
    child.on('message', (reply: SandboxReply) => {
      if ('ready' in reply) return markReady();
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if (reply.result) job.resolve(reply.result);
      else if (reply.error?.refused) job.reject(new ImageRefused(reply.error.message));
      else job.reject(new SandboxFailure('error', reply.error?.message ?? 'The check failed.'));
    });
    child.on('error', (err) => log.warn({ err, pid: child.pid }, 'screenshot check process error'));
    child.on('exit', (code, signal) => {
      retire(slot);
      const job = slot.job;
      slot.job = null;
      job?.reject(new SandboxFailure('crashed', `The check's process ended (${signal ?? `exit code ${code}`}).`));
    });
    slots.push(slot);
    return slot;
  }

  /** Out of the pool for good; a waiting job gets a new process in its place. */
  function retire(slot: Slot) {
    if (slot.dead) return;
    slot.dead = true;
    slots.splice(slots.indexOf(slot), 1);
    if (!closed && waiting.length > 0 && slots.length < options.size) waiting.shift()!(spawnSlot());
  }

  function kill(slot: Slot, failure: SandboxFailure) {
    killed += 1;
    const job = slot.job;
    slot.job = null;
    slot.child.kill('SIGKILL');
    retire(slot);
    job?.reject(failure);
  }

  function acquire(): Promise<Slot> {
    const free = slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (slots.length < options.size) return Promise.resolve(spawnSlot());
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot) {
    if (slot.dead) return;
    const next = waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  async function run(op: SandboxOp, image: Buffer, budget: Budget): Promise<SandboxResult> {
    if (closed) throw new SandboxFailure('closed', 'The check workers are shut down.');
    const slot = await acquire();
    try {
      const pid = slot.child.pid!;
      return await new Promise<SandboxResult>((resolve, reject) => {
        let startTicks: number | null = null;
        let usedMs = 0;
        let watching = false;
        const watch = setInterval(() => {
          if (watching) return;
          watching = true;
          void usage(pid)
            .then((now) => {
              if (!slot.job || !now) return;
              startTicks ??= now.ticks;
              usedMs = (now.ticks - startTicks) * TICK_MS;
              if (usedMs > budget.cpuMsLeft)
                kill(slot, new SandboxFailure('time', `The check used more than ${limits.cpuMs / 1000} s of CPU.`));
              else if (now.rssMb > limits.memoryMb)
                kill(slot, new SandboxFailure('memory', `The check used more than ${limits.memoryMb} MB of memory.`));
            })
            .finally(() => (watching = false));
        }, WATCH_MS);
        const wall = setTimeout(
          () => kill(slot, new SandboxFailure('time', `The check took longer than ${limits.wallMs / 1000} s.`)),
          Math.max(0, budget.deadline - Date.now()),
        );
        const done = () => {
          clearInterval(watch);
          clearTimeout(wall);
          budget.cpuMsLeft -= usedMs;
        };
        const id = nextId++;
        slot.job = {
          id,
          resolve: (r) => {
            done();
            resolve(r);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        };
        void (async () => {
          await slot.ready;
          if (slot.job?.id !== id) return; // killed while starting
          startTicks = (await usage(pid))?.ticks ?? null;
          slot.child.send({ id, op, image } satisfies SandboxRequest, (err) => {
            if (err && slot.job?.id === id)
              kill(slot, new SandboxFailure('crashed', `The check's process could not be reached: ${err.message}`));
          });
        })();
      });
    } finally {
      release(slot);
    }
  }

  const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

  return {
    budget: () => ({ cpuMsLeft: limits.cpuMs, deadline: Date.now() + limits.wallMs }),
    async clean(image, budget) {
      const r = await run('clean', image, budget);
      if (r.op !== 'clean') throw new SandboxFailure('error', 'Unexpected answer.');
      return { data: asBuffer(r.data), ext: r.ext, width: r.width, height: r.height };
    },
    async fingerprint(image, budget) {
      const r = await run('fingerprint', image, budget);
      if (r.op !== 'fingerprint') throw new SandboxFailure('error', 'Unexpected answer.');
      return asBuffer(r.hash);
    },
    async read(image, budget) {
      const r = await run('read', image, budget);
      if (r.op !== 'read') throw new SandboxFailure('error', 'Unexpected answer.');
      return r.text;
    },
    stats: () => ({ processes: slots.length, busy: slots.filter((s) => s.busy).length, killed, pids: slots.map((s) => s.child.pid!) }),
    async close() {
      closed = true;
      const exits = slots.map(
        (s) => new Promise((r) => (s.child.exitCode !== null || s.child.signalCode !== null ? r(null) : s.child.once('exit', r))),
      );
      for (const slot of [...slots]) kill(slot, new SandboxFailure('closed', 'The check workers are shut down.'));
      killed -= exits.length;
      await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 5_000).unref())]);
    },
  };
}

/** CPU clock ticks (all threads, user and system) and resident memory of a process; null where /proc is not. */
async function usage(pid: number): Promise<{ ticks: number; rssMb: number } | null> {
  try {
    const [stat, status] = await Promise.all([readFile(`/proc/${pid}/stat`, 'latin1'), readFile(`/proc/${pid}/status`, 'latin1')]);
    // Fields after the command name (which may hold spaces, inside parentheses): state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Number.isFinite(ticks) ? { ticks, rssMb: rssKb / 1024 } : null;
  } catch {
    return null;
  }
}
