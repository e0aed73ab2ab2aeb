// Every text the server sends to a person follows Accept-Language (mm or en, English when absent), with a stable
// machine code beside it, and the catalogue holds every message in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, catalogEntries, languageFromHeader, localize, textOf } from '@topup/contract/messages';
import { ADMIN, body, buildTestApp, type TestApp } from './helpers.ts';
import { RULES, createLoginThrottle } from '../src/modules/auth/login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MYANMAR = /[\u1000-\u109F]/;

describe('message catalogue', () => {
  it('has every message in English and in Burmese script, with parameters filled in both', () => {
    const sample = {
      min: 8,
      max: 50,
      seconds: 90,
      what: 'Order',
      method: 'GET',
      path: '/x',
      count: 2,
      expected: 'number',
      options: 'A, B',
      field: 'f',
      game: 'G',
      package: 'P',
      quantity: 2,
      link: 'http://l',
      games: 'G1, G2',
      succeeded: 3,
      failed: 1,
      who: 'staff@example.com',
      column: 'code',
      flags: 'duplicate,mismatch',
      value: 'status:PENDING',
      code: 'AB12CD',
      amount: '1,500',
      currency: 'MMK',
      minutes: 2,
      wallet: 'KBZPay',
      available: 3,
      added: 12,
      skipped: 1,
      threshold: 5,
    };
    for (const [code, entry] of catalogEntries()) {
      const en = typeof entry.en === 'function' ? entry.en(sample) : entry.en;
      const mm = typeof entry.mm === 'function' ? entry.mm(sample) : entry.mm;
      expect(en.trim(), code).not.toBe('');
      expect(en, code).not.toMatch(/undefined|\[object/);
      expect(mm, code).toMatch(MYANMAR);
      expect(mm, code).not.toMatch(/undefined|\[object/);
    }
  });

  it('reads Accept-Language by its q-values: my, my-MM and mm are Burmese; anything else is English', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('my')).toBe('mm');
    expect(languageFromHeader('my-MM,en;q=0.5')).toBe('mm');
    expect(languageFromHeader('en;q=0.4, mm;q=0.9')).toBe('mm');
    expect(languageFromHeader('fr-FR, en;q=0.2')).toBe('en');
    expect(languageFromHeader('de')).toBe('en');
    expect(languageFromHeader('my;q=0')).toBe('en');
  });

  it('passes a text that is not a reference through as it is', () => {
    expect(localize('plain words', 'mm')).toEqual({ code: 'message', text: 'plain words' });
    expect(localize('⟦noSuchCode⟧', 'mm', 'error')).toEqual({ code: 'error', text: '⟦noSuchCode⟧' });
  });
});

describe('answers by Accept-Language', () => {
  it('sends a wrong sign-in in Burmese for mm and in English when no language is named, with the same code', async () => {
    const wrong = { email: ADMIN.email, password: 'wrong-password' };
    const mm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      payload: wrong,
      headers: { 'accept-language': 'mm' },
      remoteAddress: '10.9.0.1',
    });
    const en = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: wrong, remoteAddress: '10.9.0.2' });
    expect(mm.statusCode).toBe(401);
    expect(body(mm)).toMatchObject({ code: 'wrongCredentials', message: textOf(MSG.wrongCredentials, 'mm') });
    expect(body(mm).message).toMatch(MYANMAR);
    expect(body(en)).toMatchObject({ code: 'wrongCredentials', message: 'Wrong email or password.' });
    expect(mm.headers.vary).toMatch(/accept-language/i);
  });

  it('localizes every field error and names its code beside it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Reset-password',
      payload: { token: 'x', newPassword: 'short', confirmPassword: 'other' },
      headers: { 'accept-language': 'my-MM, en;q=0.8' },
    });
    expect(res.statusCode).toBe(400);
    const answer = body(res) as unknown as { code: string; errors: Record<string, string[]>; errorCodes: Record<string, string[]> };
    expect(answer.errorCodes.newPassword).toEqual(['passwordTooShort']);
    expect(answer.errors.newPassword).toEqual([textOf(MSG.passwordTooShort(8), 'mm')]);
    expect(answer.errors.newPassword![0]).toMatch(/၈/);
    expect(answer.code).toBe(answer.errorCodes[Object.keys(answer.errors)[0]!]![0]);
  });

  it('answers zod’s own failures (a missing field, a wrong type) from the catalogue too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      payload: { password: 5 },
      headers: { 'accept-language': 'mm' },
    });
    const answer = body(res) as unknown as { errors: Record<string, string[]>; errorCodes: Record<string, string[]> };
    expect(answer.errorCodes).toEqual({ email: ['required'], password: ['mustBeType'] });
    for (const texts of Object.values(answer.errors)) expect(texts[0]).toMatch(MYANMAR);
  });

  it('names a missing field in the top-level message too, JSON and multipart alike', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { password: 'something-long' } });
    expect(json.statusCode).toBe(400);
    expect(body(json).message).toBe('email is required.');
    expect(body(json).code).toBe('fieldRequired');
    expect(body(json).errors).toEqual({ email: [textOf(MSG.required)] });
    const mm = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: {}, headers: { 'accept-language': 'mm' } });
    expect(body(mm).message).toMatch(/^email .*လိုအပ်ပါသည်/);
  });

  it('localizes success messages, 404s for unknown routes and Fastify’s own errors', async () => {
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Forgot-password',
      payload: { email: 'nobody@shop.test' },
      headers: { 'accept-language': 'mm' },
    });
    expect(body(forgot)).toMatchObject({ code: 'forgotPasswordSent', message: textOf(MSG.forgotPasswordSent, 'mm') });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/Nothing', headers: { 'accept-language': 'mm' } });
    expect(body(missing)).toMatchObject({ statusCode: 404, code: 'routeNotFound' });
    expect(body(missing).message).toMatch(MYANMAR);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      body: '{"email":',
      headers: { 'content-type': 'application/json', 'accept-language': 'mm' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(body(badJson)).toMatchObject({ code: 'invalidJson', message: textOf(MSG.invalidJson, 'mm') });
  });

  it('tells a locked-out sign-in how long to wait, in Burmese digits for mm', async () => {
    const now = Date.now();
    t.app.ctx.throttle = createLoginThrottle(RULES, () => now);
    const attempt = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/Login',
        payload: { email: ADMIN.email, password: 'guess' },
        headers: { 'accept-language': language },
        remoteAddress: '203.0.113.99',
      });
    let locked = await attempt('mm');
    for (let i = 0; i < 20 && locked.statusCode !== 429; i++) locked = await attempt('mm');
    expect(locked.statusCode).toBe(429);
    const seconds = Number(locked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(body(locked)).toMatchObject({ code: 'tooManyAttempts', message: textOf(MSG.tooManyAttempts(seconds), 'mm') });
    expect(body(locked).message).toMatch(/[၀-၉]/);
    const en = await attempt('en');
    expect(body(en).message).toMatch(/^Too many failed attempts\. Try again in \d+ (second|minute)s?\.$/);
  });
});

describe('wait times', () => {
  it('read in seconds under a minute and in whole minutes above', () => {
    expect(textOf(MSG.tooManyAttempts(30), 'en')).toBe('Too many failed attempts. Try again in 30 seconds.');
    expect(textOf(MSG.tooManyAttempts(90), 'en')).toBe('Too many failed attempts. Try again in 2 minutes.');
    expect(textOf(MSG.tooManyAttempts(90), 'mm')).toContain('၂ မိနစ်');
    expect(textOf(MSG.tooManyAttempts(1), 'en')).toBe('Too many failed attempts. Try again in 1 second.');
  });
});
