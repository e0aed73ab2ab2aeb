// The built server (apps/server/dist/main.js, `npm run build` first) as a child process on a free port, waited for
// until it answers ready. Shared by the browser journeys (harness.ts), the crash rounds and the soak bench, which
// differ only in their environment and in how they stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-process.mjs';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '..');

export type BuiltServer = { url: string; child: ChildProcess; logs: string[] };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the server with this process's environment plus `env` (PORT and HOST are chosen here), and `nodeFlags` before
 * the script: by default node's flags and environment defaults of `npm start` (scripts/server-process.mjs), so the
 * journeys, the crash rounds and the soak run the server as production does.
 */
export async function spawnBuiltServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeFlags: string[] = SERVER_NODE_FLAGS,
): Promise<BuiltServer> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(process.execPath, [...nodeFlags, path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...serverEnv(process.env), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return { url, child, logs };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
