// The storefront's JavaScript budget: the gzipped JavaScript a first visit to `/` must load before the home page
// can render (the entry chunk, its static imports, and the route chunks of `/` with their static imports), read
// from Vite's manifest. Prints the size; exits non-zero above the budget. Chunks those routes only load later
// (the carousel after first paint, toasts, dialogs) are listed as deferred and not counted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 130_000;
/** The modules a visit to `/` renders (see src/app/router.tsx). */
export const ROUTE_MODULES = ['src/app/routes/storefront-layout.tsx', 'src/app/routes/home.tsx'];

const dist = path.resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const firstLoad = new Set();
function addWithImports(key) {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const dep of chunk.imports ?? []) addWithImports(dep);
}
addWithImports(entryKey);
for (const route of ROUTE_MODULES) {
  if (!manifest[route]) throw new Error(`route module ${route} is missing from the manifest`);
  addWithImports(route);
}

const deferred = new Set();
for (const route of ROUTE_MODULES) {
  for (const key of manifest[route].dynamicImports ?? []) {
    const file = manifest[key]?.file;
    if (file && !firstLoad.has(file)) deferred.add(file);
  }
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
let total = 0;
console.log('First-load JavaScript of / (gzipped):');
for (const file of [...firstLoad].filter((f) => f.endsWith('.js'))) {
  const size = gz(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total)} of ${kb(BUDGET_BYTES)} budget`);
if (deferred.size) {
  console.log('Loaded after the first render, not counted:');
  for (const file of deferred) console.log(`  ${file.padEnd(48)} ${kb(gz(file))}`);
}
if (total > BUDGET_BYTES) {
  console.error(`JavaScript budget exceeded: ${kb(total)} > ${kb(BUDGET_BYTES)}`);
  process.exit(1);
}
