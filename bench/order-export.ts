// CSV export of the order list over 1,000,000 orders: the server streams it from the database in keyset
// pages, so its memory must stay flat however many rows go out. Measures the server process's RSS before, the peak
// while the download runs (sampled every 100 ms from /proc), the rows and bytes received and the time, on SQLite and
// PostgreSQL. Budget: peak RSS at most 150 MB above the RSS before the export, whatever the row count.
// The rows are generated inside the database of the built server at its production defaults (lib/seeded-server.ts),
// as for order-search.
// Run: npm run bench -- order-export. Env: EXPORT_DB (sqlite,postgres; postgres needs TEST_DATABASE_URL),
// EXPORT_ORDERS (1000000).
import http from 'node:http';
import { env, printTable } from './lib/driver.ts';
import { rssMb, startFlags } from './lib/prod-server.ts';
import { startSeeded } from './lib/seeded-server.ts';

const ORDERS = env('EXPORT_ORDERS', 1_000_000);
const BUDGET_MB = 150;
const PG_URL = process.env.TEST_DATABASE_URL;
const DBS = (process.env.EXPORT_DB ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
const MB = 1024 * 1024;

/** Downloads the export, counting lines and bytes without keeping them; `progress` hears the line count. */
function download(
  url: string,
  token: string,
  progress: (lines: number) => void,
): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
          progress(lines);
        });
        res.on('end', () => resolve({ status: res.statusCode!, bytes, lines }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function bench(db: 'sqlite' | 'postgres') {
  const seeded = await startSeeded(db, ORDERS, PG_URL);
  const r = { appUrl: seeded.server.url, token: seeded.server.token };
  console.log(`  ${db}: ${ORDERS} orders inserted in ${(seeded.seedMs / 1000).toFixed(1)} s`);
  try {
    const rss = async () => rssMb(seeded.server.server.pid) * MB;
    const before = await rss();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rss());
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    // The peak so far at each quarter of the rows: flat after the first quarter means bounded, rising means a leak.
    const quarters: number[] = [];
    const started = performance.now();
    // Identity encoding: the bench measures the export, not compression.
    const result = await download(`${r.appUrl}/api/v1/Order/Export`, r.token, (lines) => {
      if (lines >= ((quarters.length + 1) * ORDERS) / 4 && quarters.length < 4) quarters.push(peak);
    });
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    if (result.status !== 200) throw new Error(`export answered ${result.status}`);
    const growth = (peak - before) / MB;
    return [
      db,
      String(result.lines - 1),
      (result.bytes / MB).toFixed(1),
      seconds.toFixed(1),
      (before / MB).toFixed(0),
      (peak / MB).toFixed(0),
      growth.toFixed(0),
      quarters.map((q) => ((q - before) / MB).toFixed(0)).join(' / '),
      growth <= BUDGET_MB ? `ok (<=${BUDGET_MB})` : `OVER (${BUDGET_MB})`,
    ];
  } finally {
    await seeded.stop();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const db of DBS) {
    if (db === 'postgres' && !PG_URL) throw new Error('EXPORT_DB=postgres needs TEST_DATABASE_URL');
    rows.push(await bench(db as 'sqlite' | 'postgres'));
    console.log(`  ${rows.at(-1)!.join('  ')}`);
  }
  console.log(
    `\nCSV export of every order (${ORDERS}), one download, server RSS sampled every 100 ms (MB); built server (node ${startFlags().join(' ')} apps/server/dist/main.js, as npm start runs it) at production defaults`,
  );
  printTable(['db', 'rows', 'MB sent', 's', 'RSS before', 'RSS peak', 'growth', 'growth at 1/4 / 2/4 / 3/4 / 4/4', 'budget'], rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
