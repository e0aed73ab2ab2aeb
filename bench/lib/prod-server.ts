// The built production server (apps/server/dist/main.js, `npm run build` first) in its own process, started with the
// node flags and environment of `npm start` and its production defaults: only PORT, HOST, DATA_DIR (a temporary directory) and the first admin's password are set, so
// LOG_LEVEL (info), SEED_DEMO (demo catalog) and every other setting are what `npm start` gives. Its log goes to a
// pipe that is only counted (lines, bytes), as a process manager would take it. Also: the process's RSS.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_FLAGS } from '../../scripts/server-process.mjs';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '..', '..');
export const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
/**
 * The node flags `npm start` runs the server with (scripts/server-process.mjs), so the bench runs it the same way,
 * then BENCH_NODE_FLAGS (space-separated node/V8 flags to try; later flags win): an experiment, printed by the benches
 * in their header, not production until adopted in SERVER_NODE_FLAGS.
 */
export const startFlags = (): string[] => [...SERVER_NODE_FLAGS, ...benchNodeFlags()];
export const benchNodeFlags = (): string[] => (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

export const BENCH_ADMIN = { email: 'admin@example.com', password: 'bench-admin-password-1' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU time (user + system) a process has used, in µs, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** One line of the server's request log (apps/server/src/plugins/request-log.ts). */
export type RequestLine = { method: string; path: string; status: number; ms: number };

export type ProdServer = {
  url: string;
  pid: number;
  /** The server's DATA_DIR (its SQLite database is `shop.db` there); removed on stop. */
  dataDir: string;
  child: ChildProcess;
  /** Log lines and bytes written since start (or the last reset). */
  log: { lines: number; bytes: number; reset(): void; tail: string[]; requests: RequestLine[] };
  stop(): Promise<void>;
};

/**
 * Starts the built server. `flags`: node flags instead of startFlags() (a bench comparing two settings side by side);
 * `main`: another build's main.js instead of apps/server/dist/main.js (a bench comparing two builds).
 * With `keepRequests`, the request log's lines are also parsed and kept (`log.requests`, emptied by `log.reset()`): the
 * time each request took inside the server, as the server itself measured it.
 */
export async function startProdServer(
  env: Record<string, string> = {},
  options: { keepRequests?: boolean; flags?: string[]; main?: string } = {},
): Promise<ProdServer> {
  const flags = options.flags ?? startFlags();
  const main = path.resolve(options.main ?? MAIN);
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-bench-prod-'));
  const child = spawn(process.execPath, [...flags, main], {
    cwd: dataDir,
    env: {
      ...SERVER_ENV_DEFAULTS,
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const log = {
    lines: 0,
    bytes: 0,
    tail,
    requests: [] as RequestLine[],
    reset() {
      log.lines = 0;
      log.bytes = 0;
      log.requests = [];
    },
  };
  let partial = '';
  const keep = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"msg":"request"')) continue;
      const { method, path: route, status, ms } = JSON.parse(line) as RequestLine;
      log.requests.push({ method, path: route, status, ms });
    }
  };
  const count = (chunk: Buffer) => {
    log.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) log.lines++;
    if (tail.length < 20) tail.push(String(chunk).slice(0, 400));
  };
  if (options.keepRequests) child.stdout!.on('data', keep);
  child.stdout!.on('data', count);
  child.stderr!.on('data', count);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${tail.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not start:\n${tail.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    child,
    log,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BareRoute = { path: string; body: string; headers: Record<string, string>; method?: 'GET' | 'POST'; status?: number };

/** The bare Fastify baseline (lib/bare-server.mjs) in its own process, on plain node like the built server. */
export async function startBare(routes: BareRoute[]): Promise<{ url: string; pid: number; stop: () => void }> {
  // Without `execArgv: []` the child would inherit the bench's `--import tsx`.
  const child = fork(new URL('./bare-server.mjs', import.meta.url), [JSON.stringify(routes)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: ready.url, pid: child.pid!, stop: () => void child.kill('SIGTERM') };
}
