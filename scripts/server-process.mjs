// How the built server runs in production: the node flags and the environment that `npm start` (scripts/start.mjs,
// after installing and building) and `npm start -w apps/server` (this file run directly) give apps/server/dist/main.js.
// The benchmarks that run the server the way `npm start` does take them from here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/**
 * `--max-semi-space-size=8`: an 8 MB young-generation semi-space instead of V8's 16 MB keeps idle memory low
 * (docs/decisions/0024-idle-memory.md).
 * `--heap-growing-percent=50`: after each full collection V8 lets the old generation grow to 1.5× what survived before
 * the next one, instead of up to 4× when collections are cheap. Under order load objects promoted from the young
 * generation die soon after; with V8's own factor they piled up as garbage for the first ~100 s of the process's life
 * (RSS +14–18 % in the 60 s soak, falling back afterwards), with 1.5× the old generation levels off at about
 * 1.5× the live heap. Its price (none measurable: no full collection at all in 10 s of catalog load, the same GC
 * time and CPU per request under the soak's order load) is in docs/decisions/0037-fuzzing-and-crash-tests.md.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * Added to the server's environment unless it already sets them (an operator's value wins). MALLOC_ARENA_MAX=2:
 * glibc's malloc gives threads that allocate at once arenas of their own, up to 8 per core, and sharp/libvips work
 * on libuv's thread pool fragments them, so RSS creeps up under image load; two arenas keep it down
 * (docs/decisions/0037-fuzzing-and-crash-tests.md, the soak). glibc reads it only when the process starts, so it
 * has to be set by whoever starts node. Other C libraries ignore it.
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2' };

/** `env` with the defaults above filled in. */
export function serverEnv(env) {
  return { ...SERVER_ENV_DEFAULTS, ...env };
}

/**
 * Runs the built server as a child with the flags and environment above, in `cwd` (where it reads `.env` and a
 * relative DATA_DIR); signals are passed on, its exit code is ours.
 */
export function runServer(cwd = process.cwd()) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], { cwd, stdio: 'inherit', env: serverEnv(process.env) });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runServer();
