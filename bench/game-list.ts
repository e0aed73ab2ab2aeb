// Public game list: requests/s of GET /api/v1/Game?currentPage=1&pageSize=12 (200 games in the database) beside a bare
// Fastify route answering a constant JSON body of the same bytes, both measured with autocannon in the same run,
// alternating, median of several runs. Budget (DESIGN.md): the app at least 60 % of the bare route.
// The server (app and bare route on two ports) runs in its own process (lib/app-server.ts); autocannon runs here.
// Run: npm run bench -- game-list. Env: GAMES_SECONDS (5 per measurement), GAMES_CONNECTIONS (10), GAMES_REPEATS (3).
import autocannon from 'autocannon';
import { env, median, printTable, sleep, startServer } from './lib/driver.ts';

const SECONDS = env('GAMES_SECONDS', 5);
const CONNECTIONS = env('GAMES_CONNECTIONS', 10);
const REPEATS = env('GAMES_REPEATS', 3);

async function load(url: string, duration: number) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  const server = await startServer({ kind: 'game-list' });
  const { appUrl, bareUrl, bytes } = server.ready as unknown as { appUrl: string; bareUrl: string; bytes: number };
  try {
    // Warm-up: JIT, statement caches, connection pools.
    await load(appUrl, 2);
    await load(bareUrl, 2);
    const runs: { app: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>> }[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const app = await load(appUrl, SECONDS);
      await sleep(300);
      const bare = await load(bareUrl, SECONDS);
      await sleep(300);
      runs.push({ app, bare });
      console.log(`  run ${i + 1}: app ${app.rps.toFixed(0)} req/s (p50 ${app.p50} ms, p99 ${app.p99} ms) | bare ${bare.rps.toFixed(0)} req/s (p50 ${bare.p50} ms, p99 ${bare.p99} ms) | ${((100 * app.rps) / bare.rps).toFixed(0)} %`);
    }
    const appRps = median(runs.map((r) => r.app.rps));
    const bareRps = median(runs.map((r) => r.bare.rps));
    const ratio = median(runs.map((r) => r.app.rps / r.bare.rps));
    console.log(`\nPublic game list, ${bytes} B body, ${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${REPEATS} runs`);
    printTable(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'share of bare', 'budget'],
      [
        ['app GET /api/v1/Game', appRps.toFixed(0), String(median(runs.map((r) => r.app.p50))), String(median(runs.map((r) => r.app.p99))), `${(100 * ratio).toFixed(0)} %`, ratio >= 0.6 ? 'ok (≥60 %)' : 'UNDER (60 %)'],
        ['bare constant JSON', bareRps.toFixed(0), String(median(runs.map((r) => r.bare.p50))), String(median(runs.map((r) => r.bare.p99))), '100 %', ''],
      ],
    );
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
