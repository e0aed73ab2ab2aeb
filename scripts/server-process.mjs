// How the built server runs in production: the node flags and the environment that `npm start` (scripts/start.mjs,
// after installing and building) and `npm start -w apps/server` (this file run directly) give apps/server/dist/main.js.
// The benchmarks that run the server the way `npm start` does take them from here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/** An 8 MB young-generation semi-space instead of V8's 16 MB keeps idle memory low (docs/decisions/0406-idle-memory.md). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * Added to the server's environment unless it already sets them (an operator's value wins). MALLOC_ARENA_MAX=2:
 * glibc's malloc gives threads that allocate at once arenas of their own, up to 8 per core, and sharp/libvips work
 * on libuv's thread pool fragments them, so RSS creeps up under image load; two arenas keep it down
 * (docs/decisions/0607-fuzzing-and-crash-tests.md, the soak). glibc reads it only when the process starts, so it
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
