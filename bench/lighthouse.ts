// Lighthouse (npm package, mobile defaults: Moto G Power-class CPU slowdown and slow-4G simulated throttling) on the
// storefront's two landing pages, `/` and `/game/{id}` of the largest demo game, served by the BUILT server with its
// production defaults and the demo catalog (lib/prod-server.ts), in Debian's Chromium (/usr/bin/chromium, or
// CHROMIUM_PATH). Each page RUNS times; prints the median performance score, LCP, TBT, CLS and accessibility score,
// and the top opportunities of the median run. Goal: performance ≥ 95 and LCP ≤ 2.0 s on both pages.
// Run: npm run build && npm run bench -- lighthouse. Env: LIGHTHOUSE_RUNS (3), LIGHTHOUSE_JSON_DIR (keep each report).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { env, median, printTable } from './lib/driver.ts';
import { startProdServer } from './lib/prod-server.ts';

const RUNS = env('LIGHTHOUSE_RUNS', 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

type Run = {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  opportunities: string[];
};

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, "run Lighthouse again"): retried twice. */
async function audit(url: string, port: number, attempts = 3): Promise<Run> {
  for (let i = 1; ; i++) {
    try {
      return await auditOnce(url, port);
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`  (retrying ${url}: ${(err as Error).message.slice(0, 120)})`);
    }
  }
}

async function auditOnce(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
    writeFileSync(
      `${process.env.LIGHTHOUSE_JSON_DIR}/${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`,
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings'))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    si: num('speed-index'),
    opportunities,
  };
}

async function main() {
  const server = await startProdServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const list = (await (await fetch(`${server.url}/api/v1/Game?currentPage=1&pageSize=100`)).json()) as {
      payLoad: { items: { id: string; title: string }[] };
    };
    let largest = { id: '', title: '', size: -1 };
    for (const g of list.payLoad.items) {
      const size = (await (await fetch(`${server.url}/api/v1/game/${g.id}`)).text()).length;
      if (size > largest.size) largest = { ...g, size };
    }
    const pages = [
      { label: '/', url: `${server.url}/` },
      { label: `/game/{id} (${largest.title})`, url: `${server.url}/game/${largest.id}` },
    ];
    // One unmeasured load per page: image variants are made on first request and kept on disk, as in production.
    for (const p of pages) await audit(p.url, chrome.port);
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const p of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await audit(p.url, chrome.port);
        runs.push(r);
        console.log(
          `  ${p.label} run ${i + 1}: performance ${r.performance}, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${r.accessibility}`,
        );
      }
      const perf = median(runs.map((r) => r.performance));
      const lcp = median(runs.map((r) => r.lcp));
      rows.push([
        p.label,
        String(perf),
        (median(runs.map((r) => r.fcp)) / 1000).toFixed(2),
        (lcp / 1000).toFixed(2),
        median(runs.map((r) => r.tbt)).toFixed(0),
        median(runs.map((r) => r.cls)).toFixed(3),
        (median(runs.map((r) => r.si)) / 1000).toFixed(2),
        String(median(runs.map((r) => r.accessibility))),
        perf >= 95 && lcp <= 2000 ? 'ok' : 'UNDER GOAL',
      ]);
      const medianRun = runs.find((r) => r.performance === perf) ?? runs[0]!;
      if (medianRun.opportunities.length) notes.push(`${p.label}: ${medianRun.opportunities.slice(0, 6).join(', ')}`);
    }
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults (simulated slow 4G, 4× CPU slowdown), ${CHROME}, built server at production defaults with the demo catalog; median of ${RUNS} runs`,
    );
    printTable(['page', 'performance', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'SI s', 'accessibility', 'goal (≥95, LCP ≤2.0 s)'], rows);
    if (notes.length) console.log(`\nOpportunities left (median run):\n  ${notes.join('\n  ')}`);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
