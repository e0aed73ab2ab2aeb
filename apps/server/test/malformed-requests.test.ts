// Requests refused before any route runs (truncated multipart bodies, undecodable or over-long paths, oversized
// headers) must still answer a 4xx in the envelope, never a 500 and never Fastify's own shape echoing the path.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { body, buildTestApp, multipart, png, storedFiles, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const MULTIPART_ROUTES = [
  { method: 'POST' as const, url: '/api/v1/Order', admin: false, file: 'file_ScreenShot' },
  { method: 'PUT' as const, url: '/api/v1/Order/00000000-0000-4000-8000-000000000000', admin: true, file: 'file_ScreenShot' },
  { method: 'POST' as const, url: '/api/v1/Game', admin: true, file: 'file_Logo' },
  { method: 'POST' as const, url: '/api/v1/TokenPackage', admin: true, file: 'file_PackageImage' },
  { method: 'POST' as const, url: '/api/v1/ConfigSetting', admin: true, file: 'file_Logo' },
];

describe('a truncated multipart body', () => {
  it('answers 400 in the envelope on every multipart route, wherever it is cut, and stores nothing', async () => {
    const image = await png();
    for (const route of MULTIPART_ROUTES) {
      const form = multipart({ inGameUserId: 'x', transactionNumber: '123456', title: 'T' }, { [route.file]: { data: image } });
      for (const cut of [10, 80, Math.floor(form.payload.length / 2), form.payload.length - 20, form.payload.length - 3]) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { ...form.headers, ...(route.admin ? t.auth : {}) },
          payload: form.payload.subarray(0, cut),
        });
        expect(res.statusCode, `${route.method} ${route.url} cut at ${cut}`).toBe(400);
        expect(body(res)).toMatchObject({ statusCode: 400, message: textOf(MSG.formMalformed), payLoad: null, payLoadList: null });
      }
    }
    expect(storedFiles(t.dataDir).filter((f) => f.includes('screenshots'))).toEqual([]);
  });

  it('answers 400 for a multipart type without a boundary or with an absurd one', async () => {
    for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${'x'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: { 'content-type': contentType }, payload: 'abc' });
      expect(res.statusCode, contentType).toBe(400);
      expect(body(res).payLoad).toBeNull();
    }
  });
});

describe('paths the router refuses', () => {
  it('answers in the envelope without echoing the path', async () => {
    const cases = [
      { url: `/api/v1/Order/${'a'.repeat(500)}`, status: 414, message: textOf(MSG.urlTooLong) },
      { url: '/api/v1/Order/%E0%A4%A', status: 400, message: textOf(MSG.badUrl) },
      { url: '/api/v1/%', status: 400, message: textOf(MSG.badUrl) },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.json()).toMatchObject({ statusCode: c.status, message: c.message, payLoad: null, payLoadList: null });
      expect(res.body).not.toContain('aaaa');
    }
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers oversized headers and garbage with the envelope on the wire', async () => {
    const app = (await buildTestApp({}, { shareWith: t })).app;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          let data = '';
          socket.on('data', (chunk) => (data += chunk));
          socket.on('close', () => resolve(data));
          socket.on('error', reject);
        });
      const big = await raw(`GET /api/v1/Game HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431/);
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({
        statusCode: 431,
        message: textOf(MSG.headersTooLarge),
        payLoad: null,
        payLoadList: null,
      });
      const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400/);
      expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 400, payLoad: null });
    } finally {
      await app.close();
    }
  });
});

describe('NUL characters (PostgreSQL cannot store them; found by the fuzzer as a 500 on search)', () => {
  it('are refused with 400 naming the field, in the query, a JSON body and a multipart form', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/Order/notification-list?searchTerm=%00x', headers: t.auth });
    expect(query.statusCode).toBe(400);
    expect(body(query).errors).toEqual({ searchTerm: [textOf(MSG.nulCharacter)] });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(body(json).errors).toEqual({ email: [textOf(MSG.nulCharacter)] });
    const form = multipart({ inGameUserId: 'a\u0000b', transactionNumber: '123456' });
    const order = await t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
    expect(order.statusCode).toBe(400);
    expect(body(order).errors).toEqual({ inGameUserId: [textOf(MSG.nulCharacter)] });
  });
});
