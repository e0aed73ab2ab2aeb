// Cross-cutting wire-contract checks: case-insensitive routes (without opening a way round the auth check),
// the OpenAPI document, and page sizes clamped to the documented maximum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@topup/contract/limits';
import { MSG, textOf } from '@topup/contract/messages';
import type { Paging } from '@topup/contract/envelope';
import { ADMIN, body, buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('routes', () => {
  it('match case-insensitively', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/AUTH/login', payload: ADMIN, remoteAddress: '10.2.0.1' });
    expect(login.statusCode).toBe(200);
    expect(body<{ accessToken: string }>(login).payLoad.accessToken).toEqual(expect.any(String));
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/configsetting' });
    expect(list.statusCode).toBe(200);
    expect(body(list).statusCode).toBe(200);
    const users = await t.app.inject({ method: 'GET', url: '/API/V1/USER/', headers: t.auth });
    expect(users.statusCode).toBe(200);
  });

  it('keep the auth check whatever the spelling of the path', async () => {
    for (const url of ['/api/v1/User', '/API/V1/USER', '/api/v1/user/', '/Api/V1/uSeR?pageSize=5']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(body(res).message).toBe(textOf(MSG.unauthorized));
    }
  });

  it('answer an unknown /api path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ statusCode: 404, payLoad: null, payLoadList: null });
  });
});

describe('/api/docs/json', () => {
  it('documents multipart forms with their text fields and files', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const form = doc.paths['/api/v1/Order'].post.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.file_ScreenShot).toEqual({ type: 'string', format: 'binary' });
    expect(form.properties.transactionNumber.pattern).toBe('^\\d{6}$');
    expect(doc.paths['/api/v1/Game'].post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('file_Logo');
  });
  it('is an OpenAPI 3 document listing the auth, user and ConfigSetting paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/Login',
        '/api/v1/auth/refresh-token',
        '/api/v1/auth/Logout',
        '/api/v1/auth/Forgot-password',
        '/api/v1/auth/Reset-password',
        '/api/v1/auth/Register',
        '/api/v1/User/change-password',
        '/api/v1/User',
        '/api/v1/User/{id}',
        '/api/v1/ConfigSetting',
        '/api/v1/ConfigSetting/{id}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/User/{id}']!).sort()).toEqual(['delete', 'put']);
    expect(doc.paths['/api/v1/auth/Login']).toHaveProperty('post.requestBody');
  });
});

describe('paging', () => {
  it('clamps pageSize=100000 to the documented maximum and reports it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting?pageSize=100000&currentPage=1' });
    expect(res.statusCode).toBe(200);
    const paging = body<{ items: unknown[]; paging: Paging }>(res).payLoad.paging;
    expect(paging).toMatchObject({ pageSize: PAGE_SIZE.max, currentPage: 1, totalPages: 1, previousPage: null, nextPage: null });
  });

  it('falls back to the defaults for nonsense page numbers instead of failing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/User?pageSize=abc&currentPage=-3', headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body<{ paging: Paging }>(res).payLoad.paging).toMatchObject({ currentPage: 1, pageSize: PAGE_SIZE.default });
  });
});

describe('empty JSON bodies', () => {
  it('accepts Logout sent with a JSON content type and no body', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Auth/Logout',
        headers: { ...t.auth, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/Login',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1}}',
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
