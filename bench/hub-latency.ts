// Hub latency: from a committed order's event to `ReceiveOrder` at each client, p50 and p99, with 1,000 clients on
// WebSockets and 100 on long polling, each beside a bare `ws` broadcast of the same bytes to as many plain sockets
// in the same run (the ratio is the figure to watch; these machines are noisy).
// Budget (DESIGN.md): p99 under 25 ms on WebSockets, under 100 ms on long polling.
//
// Layout (docs/decisions/0301-hub-latency.md says why): the server (the real app, plus the bare `ws` server on another
// port) runs alone in one process (lib/hub-server.ts); the clients run in separate processes (lib/hub-clients.mjs).
// Times come from process.hrtime (CLOCK_MONOTONIC, shared by every process on the machine): the server stamps right
// before it emits the order event, each client stamps when ReceiveOrder arrives; a clock check at start-up confirms
// the processes agree. The bulk of the clients is a small protocol-correct raw client; a subset is the official
// @microsoft/signalr client, reported on its own line. The bare fleet has the same process layout and sizes.
//
// Run: npm run bench -- hub-latency. Env: HUB_WS_CLIENTS (1000), HUB_LP_CLIENTS (100), HUB_WS_OFFICIAL (50),
// HUB_LP_OFFICIAL (10), HUB_CLIENT_PROCS (2, processes for the raw bulk), HUB_ROUNDS (40), HUB_REPEATS (3),
// HUB_WS_GAP_MS (100), HUB_LP_GAP_MS (150), HUB_ONLY (ws|lp), HUB_SERVER_NODE_ARGS (e.g. --cpu-prof).
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { env, monoMs, nextMessage, sleep, type Msg } from './lib/driver.ts';

const WS_CLIENTS = env('HUB_WS_CLIENTS', 1000);
const LP_CLIENTS = env('HUB_LP_CLIENTS', 100);
const WS_OFFICIAL = Math.min(WS_CLIENTS, env('HUB_WS_OFFICIAL', 50));
const LP_OFFICIAL = Math.min(LP_CLIENTS, env('HUB_LP_OFFICIAL', 10));
const PROCS = env('HUB_CLIENT_PROCS', 2);
const ROUNDS = env('HUB_ROUNDS', 40);
const REPEATS = env('HUB_REPEATS', 3);
const ONLY = process.env.HUB_ONLY;

type Samples = Record<string, number[]>;

/** One client process; `group` says which line of the report its samples belong to. */
type Fleet = { child: ChildProcess; group: string; count: number };

async function startFleet(parts: { mode: string; group: string; count: number }[], url: string, token: string): Promise<Fleet[]> {
  const fleets = parts
    .filter((p) => p.count > 0)
    .map((p) => ({
      child: fork(new URL('./lib/hub-clients.mjs', import.meta.url), [JSON.stringify({ mode: p.mode, url, token, count: p.count })], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
      group: p.group,
      count: p.count,
    }));
  await Promise.all(fleets.map((f) => nextMessage(f.child, 'ready')));
  // The processes must read the same monotonic clock: a client's reading lies between the driver's before and after.
  for (const f of fleets) {
    const before = monoMs();
    const reply = nextMessage(f.child, 'clock');
    f.child.send({ type: 'clock' });
    const t = (await reply).t as number;
    const after = monoMs();
    if (t < before || t > after) throw new Error(`client process clock disagrees: ${t} not within [${before}, ${after}]`);
  }
  return fleets;
}

/** Splits `total` clients into the official subset (one process) and the raw bulk (PROCS processes). */
function layout(total: number, official: number, rawMode: string, officialMode: string) {
  const bulk = total - official;
  const per = Math.ceil(bulk / PROCS);
  return [
    ...Array.from({ length: PROCS }, (_, i) => ({ mode: rawMode, group: 'raw', count: Math.max(0, Math.min(per, bulk - i * per)) })),
    { mode: officialMode, group: 'official', count: official },
  ];
}

type Result = { p50: number; p99: number; n: number; missing: number; extra: number };

function summarise(sent: Map<string, number>, collected: { group: string; count: number; samples: Samples }[], group?: string): Result {
  const out: number[] = [];
  let missing = 0;
  let extra = 0;
  const chosen = collected.filter((c) => !group || c.group === group);
  const clients = chosen.reduce((n, c) => n + c.count, 0);
  for (const [id, t0] of sent) {
    const got = chosen.flatMap((c) => c.samples[id] ?? []);
    if (got.length < clients) missing += clients - got.length;
    else extra += got.length - clients;
    for (const t of got) out.push(t - t0);
    if (process.env.HUB_DEBUG && !group) {
      const l = got.map((t) => t - t0).sort((a, b) => a - b);
      console.log(`    ${id.split('-').slice(0, 2).join('-')}: min ${l[0]?.toFixed(1)} p50 ${l[l.length >> 1]?.toFixed(1)} max ${l.at(-1)?.toFixed(1)}`);
    }
  }
  out.sort((a, b) => a - b);
  const pct = (p: number) => out[Math.min(out.length - 1, Math.floor((p / 100) * out.length))] ?? NaN;
  return { p50: pct(50), p99: pct(99), n: out.length, missing, extra };
}

type Server = { child: ChildProcess; hubUrl: string; bareUrl: string; token: string };

async function measure(server: Server, target: 'hub' | 'bare', parts: ReturnType<typeof layout>, gapMs: number) {
  const fleets = await startFleet(parts, target === 'hub' ? server.hubUrl : server.bareUrl, server.token);
  await sleep(500);
  server.child.send({ type: 'stats-reset' });
  const sent = new Map<string, number>();
  const onFired = (m: Msg) => m.type === 'fired' && sent.set(m.id as string, m.t0 as number);
  server.child.on('message', onFired);
  for (let r = 0; r < ROUNDS; r++) {
    server.child.send({ type: 'fire', target, id: `${target}-${r}-${randomUUID()}` });
    await sleep(gapMs);
  }
  await sleep(1000);
  server.child.off('message', onFired);
  const statsReply = nextMessage(server.child, 'stats');
  server.child.send({ type: 'stats' });
  const stats = await statsReply;
  const collected = await Promise.all(
    fleets.map(async (f) => {
      const reply = nextMessage(f.child, 'samples');
      f.child.send({ type: 'collect' });
      const m = await reply;
      for (const p of m.problems as string[]) console.warn(`  ${f.group} client: ${p}`);
      await new Promise((r) => (f.child.exitCode === null ? f.child.once('exit', r) : r(null)));
      return { group: f.group, count: f.count, samples: m.samples as Samples };
    }),
  );
  if (sent.size !== ROUNDS) throw new Error(`only ${sent.size} of ${ROUNDS} rounds were fired`);
  return { all: summarise(sent, collected), raw: summarise(sent, collected, 'raw'), official: summarise(sent, collected, 'official'), stats };
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

async function main() {
  const server = fork(new URL('./lib/hub-server.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', ...(process.env.HUB_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(server, 'ready');
  const srv: Server = { child: server, hubUrl: ready.hubUrl as string, bareUrl: ready.bareUrl as string, token: ready.token as string };

  const fmt = (n: number | null) => (typeof n === 'number' ? n.toFixed(2) : '–');
  const rows: string[][] = [];
  const notes: string[] = [];
  const compare = async (label: string, total: number, official: number, rawMode: string, officialMode: string, gapMs: number, budget: number) => {
    const runs: { hub: Awaited<ReturnType<typeof measure>>; bare: Awaited<ReturnType<typeof measure>> }[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const hub = await measure(srv, 'hub', layout(total, official, rawMode, officialMode), gapMs);
      await sleep(300);
      const bare = await measure(srv, 'bare', layout(total, official, 'bare-ws', 'bare-ws'), gapMs);
      await sleep(300);
      runs.push({ hub, bare });
      type Stats = { broadcastP50: number; broadcastMax: number; answeredP50: number; answeredP99: number; loopDelayP99: number; payloadBytes: number };
      const s = hub.stats as Stats;
      const b = bare.stats as Stats;
      console.log(
        `  ${label} run ${i + 1}: hub p50 ${fmt(hub.all.p50)} p99 ${fmt(hub.all.p99)} (official ${fmt(hub.official.p50)}/${fmt(hub.official.p99)}, raw ${fmt(hub.raw.p50)}/${fmt(hub.raw.p99)})` +
          ` | bare p50 ${fmt(bare.all.p50)} p99 ${fmt(bare.all.p99)} | server fan-out p50 hub ${fmt(s.broadcastP50)} bare ${fmt(b.broadcastP50)} ms` +
          ` (max ${fmt(s.broadcastMax)}/${fmt(b.broadcastMax)})` +
          (typeof s.answeredP50 !== 'number' ? '' : `, polls answered p50 ${fmt(s.answeredP50)} p99 ${fmt(s.answeredP99)} ms`) +
          `, loop delay p99 ${fmt(s.loopDelayP99)}/${fmt(b.loopDelayP99)} ms, ${s.payloadBytes} B`,
      );
    }
    const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
    const hubP99 = m((r) => r.hub.all.p99);
    const bareP99 = m((r) => r.bare.all.p99);
    const missing = runs.reduce((n, r) => n + r.hub.all.missing + r.bare.all.missing, 0);
    const extra = runs.reduce((n, r) => n + r.hub.all.extra + r.bare.all.extra, 0);
    rows.push([label, String(total), fmt(m((r) => r.hub.all.p50)), fmt(hubP99), fmt(m((r) => r.hub.official.p50)), fmt(m((r) => r.hub.official.p99)), fmt(m((r) => r.bare.all.p50)), fmt(bareP99), `${(hubP99 / bareP99).toFixed(2)}×`, hubP99 < budget ? `ok (<${budget})` : `OVER (${budget})`, `${missing}/${extra}`]);
    if (official) notes.push(`${label}: ${official} of ${total} clients are the official @microsoft/signalr client (columns "official"), the rest the raw client.`);
  };
  if (ONLY !== 'lp') await compare('WebSockets', WS_CLIENTS, WS_OFFICIAL, 'raw-ws', 'signalr-ws', env('HUB_WS_GAP_MS', 100), 25);
  if (ONLY !== 'ws') await compare('Long polling', LP_CLIENTS, LP_OFFICIAL, 'raw-lp', 'signalr-lp', env('HUB_LP_GAP_MS', 150), 100);

  const header = ['transport', 'clients', 'hub p50', 'hub p99', 'official p50', 'official p99', 'bare ws p50', 'bare ws p99', 'p99 ratio', 'budget', 'missing/dup'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\nHub latency, order event → ReceiveOrder at the client (ms), ${ROUNDS} orders per run, median of ${REPEATS} runs`);
  console.log(`Server in its own process; clients in ${PROCS} raw + 1 official process(es); bare baseline with the same layout.`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  for (const n of notes) console.log(n);

  const exited = new Promise((r) => server.once('exit', r));
  server.send({ type: 'stop' });
  await exited;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
