// The request log at the default level: exactly one line per request, after the answer, with method, path (no query
// string, which can carry tokens), status and duration; nothing at warn.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

let app: FastifyInstance | undefined;
let dir: string | undefined;

async function start(level: string) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'topup-reqlog-'));
  const lines: Record<string, unknown>[] = [];
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: level,
    SEED_DEMO: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  // (Load shedding off: a busy CI machine must not turn these requests into 503s; it has its own test.)
  app = await buildApp(config, {
    webDir: path.join(dir, 'no-web'),
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return lines;
}

afterEach(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  app = dir = undefined;
});

describe('request log', () => {
  it('writes one line per request at info, without the query string', async () => {
    const lines = await start('info');
    lines.length = 0;
    await app!.inject({ method: 'GET', url: '/api/v1/Game?currentPage=1&pageSize=12&access_token=secret' });
    await app!.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', path: '/api/v1/Game', status: 200 });
    expect(requests[0]!.reqId).toBeTruthy();
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ path: '/api/v1/nothing-here', status: 404 });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes nothing for successful requests at warn', async () => {
    const lines = await start('warn');
    lines.length = 0; // start-up warnings (no web build here)
    await app!.inject({ method: 'GET', url: '/api/v1/Game?currentPage=1&pageSize=12' });
    expect(lines).toHaveLength(0);
  });
});
