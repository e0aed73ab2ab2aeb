// The storefront's first-load budget, counted the way a phone sees it: the BYTES SENT by the built production server
// (apps/server/dist/main.js, demo catalog, SQLite in a temporary directory) for the first visit to `/` and to
// `/game/{id}` of the largest demo game, asking like a browser (`Accept-Encoding: gzip, deflate, br, zstd`).
// Counted per page: every script, modulepreload and stylesheet the server-rendered HTML names, and the chunks it lists
// in #app-chunks for the entry to fetch after the first paint, plus the chunks and CSS those statically import
// (Vite's manifest), each fetched once and measured on the wire (compressed body), and stylesheets inlined into the
// HTML at their compressed size.
// Budgets: JavaScript ≤ 130 KB and CSS ≤ 12 KB per page. Prints a table; exits non-zero above a budget.
// Run by `npm run build` after both builds; `node scripts/check-budget.mjs` alone re-checks an existing build.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';

export const JS_BUDGET_BYTES = 130_000;
export const CSS_BUDGET_BYTES = 12_000;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const webDist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** GET with a browser's Accept-Encoding; the body is counted as it came over the wire (not decoded). */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-budget-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited early:\n${stderr}`);
    }
    try {
      if ((await get(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** The JS and CSS files a page's HTML names, with their static imports and CSS from the manifest. */
function firstLoadFiles(html) {
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
    .map(([tag]) => {
      const src = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
      const isCode = /^<script/.test(tag) || /rel="(?:modulepreload|stylesheet)"/.test(tag);
      return isCode && src && /\.(js|css)$/.test(src) ? src : null;
    })
    .filter(Boolean);
  // The page's chunks that the entry fetches right after the first paint (apps/web/src/main.tsx): part of the first load.
  const listed = /<script type="application\/json" id="app-chunks">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (listed) named.push(...JSON.parse(listed).map((href) => href.replace(/^\//, '')));
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    for (const css of chunk?.css ?? []) files.add(css);
    for (const key of chunk?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
  };
  named.forEach(visit);
  return [...files];
}

async function largestGameId(url) {
  const list = await (await fetch(`${url}/api/v1/Game?currentPage=1&pageSize=100`)).json();
  let best = null;
  for (const game of list.payLoad.items) {
    const detail = await (await fetch(`${url}/api/v1/game/${game.id}`)).text();
    if (!best || detail.length > best.size) best = { id: game.id, title: game.title, size: detail.length };
  }
  if (!best) throw new Error('the demo catalog has no games');
  return best;
}

function decode(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (!encoding || encoding === 'identity') return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

async function measure(url, pagePath) {
  const page = await get(url + pagePath);
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
  const html = decode(page.body, page.headers['content-encoding']).toString('utf8');
  const rows = [];
  // Stylesheets the server inlined into the HTML (<style data-href>, on `/` and `/game/{id}` only the storefront's
  // rules: data-first-screen) arrive inside the HTML's bytes: counted as CSS at their brotli size at the server's
  // per-request quality. The storefront doesn't fetch the file itself (apps/web/vite.config.ts, modulePreload;
  // e2e/storefront.e2e.ts checks that no stylesheet is requested), so it is not counted again.
  const inlined = new Set();
  for (const [, file, css] of html.matchAll(/<style data-href="\/([^"]+)"(?: data-first-screen)?>([\s\S]*?)<\/style>/g)) {
    inlined.add(file);
    const sent = brotliCompressSync(Buffer.from(css), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
    rows.push({ file: `${file} (inline in the HTML)`, kind: 'css', sent, encoding: 'br', inline: true });
  }
  for (const file of firstLoadFiles(html).filter((f) => !inlined.has(f))) {
    const res = await get(`${url}/${file}`);
    if (res.status !== 200) throw new Error(`/${file} answered ${res.status}`);
    rows.push({
      file,
      kind: file.endsWith('.css') ? 'css' : 'js',
      sent: res.body.length,
      encoding: res.headers['content-encoding'] ?? 'none',
    });
  }
  return { html: { sent: page.body.length, encoding: page.headers['content-encoding'] ?? 'none' }, rows };
}

const server = await startServer();
let failed = false;
try {
  const game = await largestGameId(server.url);
  for (const [label, pagePath] of [
    ['/', '/'],
    [`/game/{id} (${game.title}, the largest demo game)`, `/game/${game.id}`],
  ]) {
    const { html, rows } = await measure(server.url, pagePath);
    const js = rows.filter((r) => r.kind === 'js').reduce((s, r) => s + r.sent, 0);
    const css = rows.filter((r) => r.kind === 'css').reduce((s, r) => s + r.sent, 0);
    console.log(`\nFirst load of ${label}: bytes sent (Accept-Encoding: ${ACCEPT_ENCODING})`);
    console.log(`  ${'HTML (server-rendered)'.padEnd(48)} ${kb(html.sent).padStart(9)}  ${html.encoding}`);
    for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.sent).padStart(9)}  ${r.encoding}`);
    const jsOk = js <= JS_BUDGET_BYTES;
    const cssOk = css <= CSS_BUDGET_BYTES;
    console.log(`  JavaScript ${kb(js)} of ${kb(JS_BUDGET_BYTES)}${jsOk ? '' : '  OVER BUDGET'}`);
    console.log(`  CSS        ${kb(css)} of ${kb(CSS_BUDGET_BYTES)}${cssOk ? '' : '  OVER BUDGET'}`);
    const inlineCss = rows.filter((r) => r.inline).reduce((s, r) => s + r.sent, 0);
    console.log(`  all        ${kb(html.sent + js + css - inlineCss)} (inline CSS is part of the HTML)`);
    if (rows.some((r) => r.encoding === 'none' && r.sent > 1024)) {
      console.error('  an asset above 1 KB went uncompressed');
      failed = true;
    }
    if (!jsOk || !cssOk) failed = true;
  }
} finally {
  await server.stop();
}
if (failed) {
  console.error('\nFirst-load budget exceeded (see above).');
  process.exit(1);
}
