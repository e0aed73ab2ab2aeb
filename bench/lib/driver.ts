// Helpers for the benchmark drivers: start lib/app-server.ts in its own process, talk to it over IPC, medians, tables.
import { fork, type ChildProcess } from 'node:child_process';
import { startFlags } from './prod-server.ts';

export type Msg = { type: string; [key: string]: unknown };

/** The next IPC message of `type` from a child process; a `failed` message or the child's exit rejects. */
export function nextMessage(child: ChildProcess, type: string): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Msg) => {
      if (m.type === type) {
        child.off('message', onMessage);
        resolve(m);
      } else if (m.type === 'failed') reject(new Error(String(m.error)));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`waiting for ${type}: child process exited with ${code}`)));
  });
}

/** A monotonic clock in ms, comparable between processes of one machine (the benches check it with a round trip). */
export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Runs lib/app-server.ts (the app through tsx) with the node flags of `npm start` plus BENCH_NODE_FLAGS (lib/prod-server.ts). */
export async function startServer(args: object): Promise<{ child: ChildProcess; ready: Msg; ask: (type: string) => Promise<Msg>; stop: () => Promise<void> }> {
  const child = fork(new URL('./app-server.ts', import.meta.url), [JSON.stringify(args)], {
    execArgv: [...startFlags(), '--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child, 'ready');
  const ask = (type: string) => {
    const reply = nextMessage(child, type);
    child.send({ type });
    return reply;
  };
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.send({ type: 'stop' });
    await exited;
  };
  return { child, ready, ask, stop };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}
