import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { computeSecurityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('every answer carries helmet’s headers, computed once', async () => {
  const expected = computeSecurityHeaders();
  expect(expected['content-security-policy']).toContain("default-src 'self'");
  expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const url of ['/api/v1/ConfigSetting', '/api/v1/nope', '/healthz']) {
    const res = await t.app.inject({ method: 'GET', url });
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
  }
  const refused = await t.app.inject({ method: 'GET', url: '/api/v1/User' });
  expect(refused.statusCode).toBe(401);
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
  expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
});
