// The storefront's hot catalog calls at production settings: requests/s of the public game list
// (GET /api/v1/Game?currentPage=1&pageSize=12) and of a game's detail (GET /api/v1/game/{id}, the largest demo game)
// on the BUILT server with its production defaults (`node apps/server/dist/main.js`: default log level, demo catalog;
// lib/prod-server.ts), each beside two bare Fastify routes in another process (lib/bare-server.mjs) that answer the
// app's exact bytes: one with the same content headers only, one also with the app's security headers. Requests ask
// like a browser (Accept-Encoding: gzip, deflate, br), so what goes over the wire is what a phone gets.
// Alternating runs, medians. Also printed: the idle server's RSS after start and its log lines per request; and, with
// GAMES_LOG_COMPARE=1, the same list on a second server with LOG_LEVEL=warn (the request log's cost).
// Also the CPU time per request of the app and of the bare route (from /proc), steadier than req/s on a shared machine.
// With GAMES_COMPARE_FLAGS="<node flags>" a second built server runs with those flags after npm start's (an
// experiment, e.g. a V8 heap setting), measured right beside the first in every run, the order swapped each run:
// its req/s, p99, CPU per request and idle RSS, and the medians of the per-run ratios against the first.
// With GAMES_COMPARE_BUILD=<path of another build's main.js> the second server is that build instead (an A/B of two
// builds: copy apps/server/dist to apps/server/dist-<name>/ so that it finds the web app and packages the same way).
// Budget: each route at least 60 % of the bare route with the same bytes and security headers, by CPU per request
// and by req/s, with every hook a real request passes through (docs/decisions/0068); idle RSS ≤ 150 MB.
// Run: npm run build && npm run bench -- game-list.
// Env: GAMES_SECONDS (2 per measurement), GAMES_CONNECTIONS (50), GAMES_REPEATS (7), GAMES_LOG_COMPARE (0),
// GAMES_ACCEPT_ENCODING (gzip, deflate, br), GAMES_COMPARE_FLAGS (none), GAMES_COMPARE_BUILD (none), BENCH_NODE_FLAGS (lib/prod-server.ts).
import http from 'node:http';
import autocannon from 'autocannon';
import { env, median, printTable, sleep } from './lib/driver.ts';
import { cpuMicros, rssMb, startBare, startFlags, startProdServer, type ProdServer } from './lib/prod-server.ts';

// Short alternating slices follow the load of a shared machine better than long ones; the spread is printed.
const SECONDS = env('GAMES_SECONDS', 2);
const CONNECTIONS = env('GAMES_CONNECTIONS', 50);
const REPEATS = env('GAMES_REPEATS', 7);
const LOG_COMPARE = env('GAMES_LOG_COMPARE', 0) === 1;
/** What a phone's browser sends; GAMES_ACCEPT_ENCODING=identity measures uncompressed answers for comparison. */
const ACCEPT_ENCODING = process.env.GAMES_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const COMPARE_FLAGS = (process.env.GAMES_COMPARE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const COMPARE_BUILD = process.env.GAMES_COMPARE_BUILD ?? '';
/** How the second server differs from the first, in the printed lines. */
const COMPARED = COMPARE_BUILD ? `build ${COMPARE_BUILD}` : COMPARE_FLAGS.join(' ');
const IDLE_RSS_BUDGET_MB = 150;
/** Share of the bare route's speed each catalog route must reach. */
const BUDGET_SHARE = 0.6;
/** Headers that describe the body and go to the bare "same bytes" route; the rest are the app's security headers. */
const CONTENT_HEADERS = ['content-type', 'content-encoding', 'vary'];
const PER_RESPONSE = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id'];

function getRaw(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** req/s under load, and the server's CPU time per request: on a shared machine the second is the steadier figure
 * (req/s also moves with whatever else runs), and on a server with its core to itself it decides req/s. */
async function load(url: string, duration: number, pid?: number) {
  const before = pid ? cpuMicros(pid) : 0;
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': ACCEPT_ENCODING } });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  const cpu = pid ? (cpuMicros(pid) - before) / r.requests.total : NaN;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, cpu };
}

type Target = { label: string; appUrl: string; bytes: number; encoding: string; sameBytes: string; sameHeaders: string; path: string };

async function main() {
  const server = await startProdServer();
  const stops: (() => unknown)[] = [() => server.stop()];
  try {
    // Started one after the other, so neither's start-up disturbs the other's idle figure.
    let other: ProdServer | null = null;
    let otherIdleRss = NaN;
    await sleep(3000);
    const idleRss = rssMb(server.pid);
    if (COMPARE_FLAGS.length || COMPARE_BUILD) {
      other = await startProdServer({}, { flags: [...startFlags(), ...COMPARE_FLAGS], ...(COMPARE_BUILD ? { main: COMPARE_BUILD } : {}) });
      stops.push(() => other!.stop());
      await sleep(3000);
      otherIdleRss = rssMb(other.pid);
    }
    const startLog = server.log.lines;

    // The largest game by detail size, like the first-load budget (scripts/check-budget.mjs).
    const list = (await (await fetch(`${server.url}/api/v1/Game?currentPage=1&pageSize=100`)).json()) as {
      payLoad: { items: { id: string; title: string }[] };
    };
    let largest = { id: '', title: '', size: -1 };
    for (const g of list.payLoad.items) {
      const size = (await (await fetch(`${server.url}/api/v1/game/${g.id}`)).text()).length;
      if (size > largest.size) largest = { id: g.id, title: g.title, size };
    }
    const paths = [
      { label: 'game list', path: '/api/v1/Game?currentPage=1&pageSize=12' },
      { label: 'game detail', path: `/api/v1/game/${largest.id}` },
    ];
    const routes = [];
    const samples = [];
    for (const p of paths) {
      const res = await getRaw(server.url + p.path);
      if (res.status !== 200) throw new Error(`${p.path}: ${res.status}`);
      const headers = Object.fromEntries(
        Object.entries(res.headers)
          .filter(([k]) => !PER_RESPONSE.includes(k))
          .map(([k, v]) => [k, String(v)]),
      );
      const content = Object.fromEntries(Object.entries(headers).filter(([k]) => CONTENT_HEADERS.includes(k)));
      const body = res.body.toString('base64');
      const route = p.path.split('?')[0]!;
      routes.push({ path: `/bytes${route}`, body, headers: content }, { path: `/headers${route}`, body, headers });
      samples.push({ ...p, route, bytes: res.body.length, encoding: res.headers['content-encoding'] ?? 'none' });
    }
    const bare = await startBare(routes);
    stops.push(bare.stop);
    const query = (p: string) => (p.includes('?') ? p.slice(p.indexOf('?')) : '');
    const targets: Target[] = samples.map((s) => ({
      label: s.label,
      path: s.path,
      appUrl: server.url + s.path,
      bytes: s.bytes,
      encoding: s.encoding,
      sameBytes: `${bare.url}/bytes${s.route}${query(s.path)}`,
      sameHeaders: `${bare.url}/headers${s.route}${query(s.path)}`,
    }));

    let quiet: ProdServer | null = null;
    if (LOG_COMPARE) {
      quiet = await startProdServer({ LOG_LEVEL: 'warn' });
      stops.push(() => quiet!.stop());
    }

    // Warm-up: JIT, caches.
    for (const t of targets) {
      await load(t.appUrl, 2);
      await load(t.sameHeaders, 1);
    }
    if (quiet) await load(quiet.url + targets[0]!.path, 2);
    // The comparison server seeded its own demo catalog: the same game has another id there.
    const otherPath = new Map<string, string>();
    if (other) {
      const items = ((await (await fetch(`${other.url}/api/v1/Game?currentPage=1&pageSize=100`)).json()) as typeof list).payLoad.items;
      const twin = items.find((g) => g.title === largest.title);
      if (!twin) throw new Error(`the comparison server has no game "${largest.title}"`);
      for (const t of targets) otherPath.set(t.path, other.url + t.path.replace(largest.id, twin.id));
      for (const t of targets) await load(otherPath.get(t.path)!, 2);
    }
    const compareRows: string[][] = [];

    const rows: string[][] = [];
    let logPerRequest = NaN;
    for (const t of targets) {
      const runs: {
        app: number;
        bytes: number;
        headers: number;
        quiet: number;
        p50: number;
        p99: number;
        appCpu: number;
        headersCpu: number;
      }[] = [];
      const compared: { rps: number; p99: number; cpu: number; rpsRatio: number; cpuRatio: number }[] = [];
      for (let i = 0; i < REPEATS; i++) {
        server.log.reset();
        // The comparison server right beside the app, first on odd runs, so both see the same moment's load.
        const cmpFirst = other && i % 2 === 1 ? await load(otherPath.get(t.path)!, SECONDS, other.pid) : null;
        if (cmpFirst) await sleep(300);
        const app = await load(t.appUrl, SECONDS, server.pid);
        if (other && !cmpFirst) await sleep(300);
        const cmp = cmpFirst ?? (other ? await load(otherPath.get(t.path)!, SECONDS, other.pid) : null);
        if (cmp) {
          compared.push({ rps: cmp.rps, p99: cmp.p99, cpu: cmp.cpu, rpsRatio: cmp.rps / app.rps, cpuRatio: cmp.cpu / app.cpu });
          console.log(
            `  ${t.label} run ${i + 1}: with ${COMPARED}: ${cmp.rps.toFixed(0)} req/s (p99 ${cmp.p99} ms), CPU/request ${cmp.cpu.toFixed(0)} µs`,
          );
        }
        if (t === targets[0]) logPerRequest = server.log.lines / app.requests;
        await sleep(300);
        const bytes = await load(t.sameBytes, SECONDS);
        await sleep(300);
        const headers = await load(t.sameHeaders, SECONDS, bare.pid);
        await sleep(300);
        const q = quiet && t === targets[0] ? await load(quiet.url + t.path, SECONDS) : null;
        runs.push({
          app: app.rps,
          bytes: bytes.rps,
          headers: headers.rps,
          quiet: q?.rps ?? NaN,
          p50: app.p50,
          p99: app.p99,
          appCpu: app.cpu,
          headersCpu: headers.cpu,
        });
        console.log(
          `  ${t.label} run ${i + 1}: app ${app.rps.toFixed(0)} req/s (p50 ${app.p50} ms, p99 ${app.p99} ms) | bare same bytes ${bytes.rps.toFixed(0)} | bare + security headers ${headers.rps.toFixed(0)} | CPU/request app ${app.cpu.toFixed(0)} µs, bare + headers ${headers.cpu.toFixed(0)} µs` +
            (q ? ` | app at LOG_LEVEL=warn ${q.rps.toFixed(0)}` : ''),
        );
      }
      const ratioBytes = median(runs.map((r) => r.app / r.bytes));
      const ratioHeaders = median(runs.map((r) => r.app / r.headers));
      const spread = runs.map((r) => r.app / r.headers).sort((a, b) => a - b);
      const range = `${(100 * spread[0]!).toFixed(0)}–${(100 * spread.at(-1)!).toFixed(0)} %`;
      const appCpu = median(runs.map((r) => r.appCpu));
      const bareCpu = median(runs.map((r) => r.headersCpu));
      const cpuShare = `${appCpu.toFixed(0)} vs ${bareCpu.toFixed(0)} µs: ${((100 * bareCpu) / appCpu).toFixed(0)} %`;
      // Both must hold: req/s alone can flatter either side when other work shares the cores.
      const verdict = ratioHeaders >= BUDGET_SHARE && bareCpu / appCpu >= BUDGET_SHARE ? 'ok (≥60 %)' : 'UNDER (60 %)';

      rows.push([
        `${t.label} (${t.bytes} B ${t.encoding})`,
        median(runs.map((r) => r.app)).toFixed(0),
        String(median(runs.map((r) => r.p50))),
        String(median(runs.map((r) => r.p99))),
        median(runs.map((r) => r.bytes)).toFixed(0),
        median(runs.map((r) => r.headers)).toFixed(0),
        `${(100 * ratioBytes).toFixed(0)} %`,
        `${(100 * ratioHeaders).toFixed(0)} %`,
        range,
        cpuShare,
        verdict,
      ]);
      if (compared.length) {
        const pct = (r: number) => `${r >= 1 ? '+' : ''}${(100 * (r - 1)).toFixed(1)} %`;
        const cpuRatios = compared.map((c) => c.cpuRatio).sort((a, b) => a - b);
        compareRows.push([
          t.label,
          `${median(runs.map((r) => r.app)).toFixed(0)} / ${median(compared.map((c) => c.rps)).toFixed(0)}`,
          `${median(runs.map((r) => r.p99))} / ${median(compared.map((c) => c.p99))}`,
          `${median(runs.map((r) => r.appCpu)).toFixed(0)} / ${median(compared.map((c) => c.cpu)).toFixed(0)}`,
          pct(median(compared.map((c) => c.rpsRatio))),
          `${pct(median(cpuRatios))} (runs ${pct(cpuRatios[0]!)} … ${pct(cpuRatios.at(-1)!)})`,
        ]);
      }
      if (quiet && t === targets[0]) {
        const logCost = 1 - median(runs.map((r) => r.app / r.quiet));
        rows.push([
          `${t.label} at LOG_LEVEL=warn`,
          median(runs.map((r) => r.quiet)).toFixed(0),
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          `request log costs ${(100 * logCost).toFixed(0)} % of req/s`,
        ]);
      }
    }
    const loadedRss = rssMb(server.pid);

    console.log(
      `\nBuilt server (node ${startFlags().join(' ')} apps/server/dist/main.js, as npm start runs it) at production defaults: LOG_LEVEL unset (info), demo catalog, SQLite;` +
        ` ${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${REPEATS} runs, Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    printTable(
      [
        'route',
        'app req/s',
        'p50 ms',
        'p99 ms',
        'bare bytes',
        'bare+headers',
        'of bare',
        'of bare+headers',
        'range of runs',
        'CPU/request app vs bare+headers',
        'budget',
      ],
      rows,
    );
    console.log('(CPU share = bare CPU per request ÷ app CPU per request: the req/s share a CPU-bound server would reach.)');
    console.log(
      `\nLog: ${logPerRequest.toFixed(2)} lines per request at the default level (${server.log.lines - startLog >= 0 ? 'stdout piped and counted' : ''})`,
    );
    if (other) {
      console.log(
        COMPARE_BUILD
          ? `\nThis build / ${COMPARED} (medians; ratios are medians of per-run ratios):`
          : `\nThe same build with ${COMPARED} after npm start's flags (without / with; medians; ratios are medians of per-run ratios):`,
      );
      printTable(['route', 'req/s', 'p99 ms', 'CPU/request µs', 'req/s with', 'CPU/request with'], compareRows);
      console.log(`RSS with ${COMPARED}: idle after start ${otherIdleRss.toFixed(0)} MB, after the load ${rssMb(other.pid).toFixed(0)} MB`);
    }
    console.log(
      `RSS: idle after start ${idleRss.toFixed(0)} MB (${idleRss <= IDLE_RSS_BUDGET_MB ? 'ok' : 'OVER'}, budget ${IDLE_RSS_BUDGET_MB} MB), after the load ${loadedRss.toFixed(0)} MB`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
