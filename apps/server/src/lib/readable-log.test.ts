// The log a person reads at a terminal: readable lines instead of JSON objects, chosen by LOG_FORMAT (auto: by
// whether stdout is a terminal). JSON stays for files and pipes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { readableLine, resolveLogFormat } from './readable-log.ts';

let app: FastifyInstance | undefined;
let dir: string | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await app?.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  app = dir = undefined;
});

function env(extra: Record<string, string>) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'topup-readable-'));
  dirs.push(dir);
  // (Load shedding off: a busy machine must not turn these requests into 503s.)
  return {
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  };
}

describe('log format', () => {
  it('auto is readable on a terminal and JSON for a file or a pipe; json and readable force one', () => {
    expect(resolveLogFormat('auto', true)).toBe('readable');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('readable', false)).toBe('readable');
  });

  it('LOG_FORMAT defaults to auto and refuses anything else, naming the variable', () => {
    expect(loadConfig(env({})).logFormat).toBe('auto');
    let error: unknown;
    try {
      loadConfig(env({ LOG_FORMAT: 'pretty-please' }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('LOG_FORMAT');
  });

  it('turns a request line and a warning with an error into lines a person reads', () => {
    const time = new Date(2026, 10, 26, 12, 4, 31).getTime();
    expect(
      readableLine(
        `{"level":30,"time":${time},"pid":1,"hostname":"h","reqId":"req-1","method":"GET","path":"/api/v1/Game","status":200,"ms":3.1,"ip":"127.0.0.1","msg":"request"}\n`,
      ),
    ).toBe('12:04:31 INFO  GET /api/v1/Game 200 3.1 ms\n');
    const warning = readableLine(
      `{"level":40,"time":${time},"pid":1,"hostname":"h","module":"hub","count":2,"err":{"message":"boom","stack":"Error: boom\\n    at x"},"msg":"hub slow"}\n`,
    );
    expect(warning).toBe('12:04:31 WARN  hub slow module=hub count=2\nError: boom\n    at x\n');
    expect(readableLine('not json\n')).toBe('not json\n');
  });

  it('LOG_FORMAT=readable writes the server’s own log readable; json (as in a pipe) stays one object per line', async () => {
    const readable: string[] = [];
    app = await buildApp(loadConfig(env({ LOG_FORMAT: 'readable' })), {
      webDir: path.join(dir!, 'no-web'),
      logStream: { write: (line) => void readable.push(line) },
    });
    readable.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/Game?access_token=secret' });
    expect(readable).toHaveLength(1);
    expect(readable[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/v1\/Game 200 [\d.]+ ms\n$/);
    await app.close();

    const json: string[] = [];
    app = await buildApp(loadConfig(env({})), { webDir: path.join(dir!, 'no-web'), logStream: { write: (line) => void json.push(line) } });
    json.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/Game' });
    expect(JSON.parse(json[0]!)).toMatchObject({ msg: 'request', path: '/api/v1/Game', status: 200 });
  });
});
