// A route that takes a JSON body answers a body of any other kind with what is wrong with it: 415 "must be JSON" for
// another content type (multipart above all), 400 "must be a JSON object" for JSON that isn't one, the fields by
// name otherwise; never an `undefined` (or empty) field key, never a 5xx. Examples, then a fast-check property over
// content types and bodies on a public route and an owner's route.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MSG, textOf } from '@topup/contract/messages';
import { ADMIN, body, buildTestApp, multipart, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: '10.77.0.1' });
const login = (headers: Record<string, string>, payload?: string | Buffer) => post('/api/v1/auth/Login', headers, payload);

function expectRefusal(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  // The whole answer: the message says what is wrong; no field is named, because no field is wrong.
  expect(res.json()).toEqual({
    statusCode: status,
    message: textOf(message),
    code: message.slice(1, -1),
    payLoad: null,
    payLoadList: null,
  });
}

describe('a JSON route given something else', () => {
  it('answers a multipart body with 415 saying it must be JSON, in either language', async () => {
    const form = multipart({ email: ADMIN.email, password: ADMIN.password });
    expectRefusal(await login(form.headers, form.payload), 415, MSG.jsonRequired);
    const mm = await login({ ...form.headers, 'accept-language': 'my' }, form.payload);
    expect(body(mm).message).toBe(textOf(MSG.jsonRequired, 'mm'));
    expectRefusal(await login({ 'content-type': 'multipart/form-data' }, 'garbage'), 415, MSG.jsonRequired);
  });

  it('answers text, a urlencoded form, XML and an image the same', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png', 'application/jsonp']) {
      expectRefusal(await login({ 'content-type': type }, JSON.stringify(ADMIN)), 415, MSG.jsonRequired);
    }
  });

  it('answers JSON that is not an object, or no body at all, with 400 saying so', async () => {
    for (const payload of ['"text"', '[]', 'null', '42', '']) {
      expectRefusal(await login({ 'content-type': 'application/json' }, payload), 400, MSG.jsonObjectRequired);
    }
    expectRefusal(await login({}), 400, MSG.jsonObjectRequired);
  });

  it('still names each wrong field of an object, and lets a good request through whatever the charset parameter', async () => {
    const empty = await login({ 'content-type': 'application/json' }, '{}');
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(body(empty).errors ?? {}).sort()).toEqual(['email', 'password']);
    const ok = await login({ 'content-type': 'Application/JSON; charset=utf-8' }, JSON.stringify(ADMIN));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('checks the sign-in before the content type on an owner route: an anonymous caller learns nothing more', async () => {
    const form = multipart({ email: 'x@shop.test' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/User/${randomUUID()}`, headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('any content type and body (fast-check)', () => {
  const contentType = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'text/plain',
      'text/plain; charset=utf-8',
      'multipart/form-data',
      'multipart/form-data; boundary=xyz',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'image/png',
      'application/problem+json',
    ),
    fc.stringMatching(/^[!-~][ -~]{0,39}$/),
  );
  const payload = fc.oneof(
    fc.constant(undefined),
    fc.constant(''),
    fc.json(),
    fc.string({ maxLength: 200 }),
    fc.dictionary(fc.constantFrom('email', 'password', 'role', 'undefined', '', '__proto__'), fc.jsonValue()).map((o) => JSON.stringify(o)),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.record({ email: fc.string({ maxLength: 40 }), password: fc.string({ maxLength: 40 }) }).map((fields) => multipart(fields).payload),
  );
  const routes = [
    { method: 'POST' as const, url: '/api/v1/auth/Forgot-password', auth: false },
    { method: 'PUT' as const, url: `/api/v1/User/${randomUUID()}`, auth: true },
  ];

  it('answers a clear 4xx in the envelope, 415 for anything but JSON, with no undefined or empty field key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), contentType, payload, async (route, type, sent) => {
        const headers: Record<string, string> = { ...(route.auth ? t.auth : {}), ...(type === undefined ? {} : { 'content-type': type }) };
        const res = await t.app.inject({ method: route.method, url: route.url, headers, payload: sent });
        const where = `${route.method} ${route.url} [${type}] ${String(sent).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const json = res.json() as {
          statusCode: number;
          message: string;
          errors?: Record<string, string[]>;
          errorCodes?: Record<string, string[]>;
        };
        expect(json.statusCode, where).toBe(res.statusCode);
        expect(json.message.length, where).toBeGreaterThan(0);
        for (const key of [...Object.keys(json.errors ?? {}), ...Object.keys(json.errorCodes ?? {})]) {
          expect(['', 'undefined', 'null', '_'], where).not.toContain(key);
        }
        expect(res.body, where).not.toMatch(/"undefined"/);
        const media = type?.split(';')[0]!.trim().toLowerCase();
        if (type !== undefined && media !== 'application/json') {
          expect(res.statusCode, where).toBe(415);
          expect(json.message, where).toBe(textOf(MSG.jsonRequired));
        }
      }),
      { numRuns: 300 },
    );
  });
});
