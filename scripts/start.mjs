// `npm start`: installs what is missing, rebuilds only what changed since the last build, then runs the server.
// Each step says what it does and roughly how long it takes, so a first start on a slow line doesn't look stuck.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runServer } from './server-process.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const STAMPS = path.join(ROOT, 'node_modules', '.cache', 'topup-start');

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[start] ${line}`);

/** A fingerprint of every file under `inputs` (path, size, modification time): cheap, and changes with any edit. */
function fingerprint(inputs, env = []) {
  const hash = createHash('sha256');
  for (const name of env) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(ROOT, p)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  inputs.forEach((i) => visit(path.join(ROOT, i)));
  return hash.digest('hex');
}

/** Builds when an input changed since the last build; returns whether it built. */
function buildIfChanged({ name, inputs, env, output, command, estimate }) {
  const stampFile = path.join(STAMPS, `${name}.txt`);
  const current = fingerprint(inputs, env);
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
  if (previous === current && existsSync(path.join(ROOT, output))) {
    say(`${name}: unchanged since the last build, skipped.`);
    return false;
  }
  say(`${name}: building (${estimate})…`);
  const started = Date.now();
  execSync(command, { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(stampFile, current);
  say(`${name}: built in ${seconds(started)}.`);
  return true;
}

const started = Date.now();
const lock = path.join(ROOT, 'package-lock.json');
const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
  say('Installing dependencies with npm (first run: a few minutes, depending on the connection)…');
  const t = Date.now();
  execSync('npm install --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
  say(`Dependencies installed in ${seconds(t)}.`);
} else {
  say('Dependencies are up to date.');
}

const shared = ['packages/contract/src', 'package-lock.json'];
const webBuilt = buildIfChanged({
  name: 'web app',
  inputs: [
    ...shared,
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/scripts',
    'apps/web/package.json',
  ],
  env: ['VITE_API_URL'],
  // The server renderer is built last, so its presence means the whole web build is there.
  output: 'apps/web/dist-ssr/entry-server.js',
  command: 'npm run build -w apps/web',
  estimate: 'about a minute',
});
const serverBuilt = buildIfChanged({
  name: 'server',
  inputs: [...shared, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json'],
  output: 'apps/server/dist/main.js',
  command: 'npm run build -w apps/server',
  estimate: 'a few seconds',
});

// Like `npm run build`: a fresh build is checked against the storefront's first-load budget (scripts/check-budget.mjs).
if (webBuilt || serverBuilt) {
  say('Checking the first-load budget of the new build (a few seconds)…');
  const t = Date.now();
  execSync('node scripts/check-budget.mjs', { cwd: ROOT, stdio: 'inherit' });
  say(`Budget checked in ${seconds(t)}.`);
}

say(`Ready to start after ${seconds(started)}. Starting the server (the database is prepared on the first run)…`);
// With node's flags and the environment of production (scripts/server-process.mjs: young generation, malloc arenas).
runServer(ROOT);
