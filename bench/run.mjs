// Runs the benchmarks: every bench/*.ts and bench/*.mjs (helpers live in bench/lib/), or only those named on the
// command line (`npm run bench -- hub-latency`). TypeScript benches run through tsx so they can import the server.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => /\.(ts|mjs)$/.test(f) && f !== 'run.mjs')
  .filter((f) => !wanted.length || wanted.includes(f.replace(/\.(ts|mjs)$/, '')))
  .sort();
if (!benches.length) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join(dir, file)] : [path.join(dir, file)];
  const { status } = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: path.join(dir, '..') });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
