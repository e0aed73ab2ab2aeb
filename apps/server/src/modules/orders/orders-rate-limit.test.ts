import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, multipart, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '20' });
});
afterAll(() => t.close());

it('slows one address placing orders in a burst, with Retry-After, and leaves other addresses alone', async () => {
  const form = multipart({ inGameUserId: 'x' });
  const place = (ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload, remoteAddress: ip });
  for (let i = 0; i < 20; i++) expect((await place('10.1.1.1')).statusCode).toBe(400);
  const limited = await place('10.1.1.1');
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json()).toMatchObject({ statusCode: 429, code: 'tooManyRequests', payLoad: null });
  expect(limited.json().message).toMatch(/^Too many requests\. Try again in \d+ (second|minute)s?\.$/);
  const burmese = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Order',
    headers: { ...form.headers, 'accept-language': 'mm' },
    payload: form.payload,
    remoteAddress: '10.1.1.1',
  });
  expect(burmese.json()).toMatchObject({ statusCode: 429, code: 'tooManyRequests' });
  expect(burmese.json().message).toMatch(/[\u1000-\u109F]/);
  expect((await place('10.2.2.2')).statusCode).toBe(400);
});
