// An unknown route or method answers the envelope and nothing of what was asked: no method, no path, no query
// echoed back (reflected input). A path that exists under other methods answers 405 with Allow.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { body, buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ask = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, language = 'en') =>
  t.app.inject({ method, url, headers: { ...t.auth, 'accept-language': language } });

describe('unknown routes and methods', () => {
  it('answers PATCH /api/v1/Game with 405, Allow and the envelope, without echoing the request', async () => {
    const res = await ask('PATCH', '/api/v1/Game');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({
      statusCode: 405,
      message: textOf(MSG.methodNotAllowed),
      code: 'methodNotAllowed',
      payLoad: null,
      payLoadList: null,
    });
    expect(res.body).not.toMatch(/PATCH|\/api\/v1\/Game/i);
    expect(body(await ask('PATCH', '/api/v1/Game', 'my')).message).toBe(textOf(MSG.methodNotAllowed, 'mm'));
  });

  it('lists what a path with a parameter takes, matched case-insensitively and with a trailing slash', async () => {
    const res = await ask('PATCH', `/api/v1/user/${randomUUID()}/`);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('PUT, DELETE');
  });

  it('answers a path no route has with 404 and the envelope, without echoing it', async () => {
    const res = await ask('POST', '/api/v1/<script>alert(1)</script>?q=<img src=x>');
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.json()).toEqual({
      statusCode: 404,
      message: textOf(MSG.routeNotFound),
      code: 'routeNotFound',
      payLoad: null,
      payLoadList: null,
    });
    expect(res.body).not.toMatch(/script|img|POST/i);
  });

  it('never repeats the method or any part of the path (fast-check)', async () => {
    const segment = fc.stringMatching(/^[a-z0-9]{6,16}$/).map((s) => `zq${s}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST' as const, 'PUT' as const, 'PATCH' as const, 'DELETE' as const),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('en', 'my'),
        async (method, parts, language) => {
          const res = await ask(method, `/api/v1/${parts.join('/')}?echo=${parts[0]}`, language);
          expect([404, 405]).toContain(res.statusCode);
          const answer = res.json() as { statusCode: number; code: string };
          expect(answer.statusCode).toBe(res.statusCode);
          expect(['routeNotFound', 'methodNotAllowed']).toContain(answer.code);
          for (const part of parts) expect(res.body).not.toContain(part);
          expect(res.body).not.toContain(method);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('beside the web app', () => {
  let w: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
    w = await buildTestApp({}, { build: { webDir } });
  });
  afterAll(() => w.close());

  it('does not count the web app’s catch-all page as a GET of every path', async () => {
    const unknown = await w.app.inject({ method: 'PATCH', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    const home = await w.app.inject({ method: 'POST', url: '/' });
    expect(home.statusCode).toBe(405);
    expect(home.headers.allow).toBe('GET, HEAD');
  });
});
