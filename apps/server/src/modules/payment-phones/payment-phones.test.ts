// Payment phones through the API: owners register (URL and key shown once, the key stored sealed), list and revoke;
// the webhook takes SMS Gateway for Android's signed deliveries exactly as the app computes them and generic
// forwarders' posts with the key in a header, stores each as received, takes a replay once, refuses bad signatures,
// skewed clocks, revoked phones and any request carrying a storefront or staff session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '@topup/contract/messages';
import { PAYMENT_PHONE_MSG, type PaymentPhoneDto } from '@topup/contract/payment-phones';
import { HUB_COOKIE } from '../auth/session-cookie.ts';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { deliver, registerPhone, sign, smsReceived, type Phone } from './payment-phones.fixtures.ts';

let t: TestApp;
let phone: Phone;
beforeAll(async () => {
  t = await buildTestApp();
  phone = await registerPhone(t);
});
afterAll(() => t.close());

const notices = () => t.app.ctx.db.selectFrom('payment_notices').selectAll().orderBy('taken_at').execute();

describe('registering payment phones', () => {
  it('answers the URL and a generated key once, lists phones without them, and keeps the key sealed', async () => {
    expect(phone.webhookUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/PaymentPhone\/hook\/[0-9a-f]{64}$/);
    expect(phone.signingKey.length).toBeGreaterThanOrEqual(40);
    expect(phone.qrCodes.webhookUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(phone.qrCodes.signingKey.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const list = body<PaymentPhoneDto[]>(await t.app.inject({ method: 'GET', url: '/api/v1/PaymentPhone', headers: t.auth })).payLoad;
    const listed = list.find((p) => p.id === phone.id)!;
    expect(listed).toMatchObject({ name: 'Counter phone', paymentAccountIds: [phone.accountId], revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(phone.signingKey);
    expect(JSON.stringify(list)).not.toContain(phone.path.split('/').pop());
    const row = await t.app.ctx.db.selectFrom('payment_phones').selectAll().where('id', '=', phone.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(phone.signingKey);
    expect(JSON.stringify(row)).not.toContain(phone.path.split('/').pop());
  });

  it('takes a pasted key, and refuses bad input naming the field with nothing written', async () => {
    const pasted = await registerPhone(t, { accountId: phone.accountId, signingKey: 'pasted-from-the-app-0123456789' });
    expect(pasted.signingKey).toBe('pasted-from-the-app-0123456789');
    const before = (await t.app.ctx.db.selectFrom('payment_phones').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', paymentAccountIds: [phone.accountId] }, 'name'],
      [{ name: 'x', paymentAccountIds: [] }, 'paymentAccountIds'],
      [{ name: 'x', paymentAccountIds: ['00000000-0000-4000-8000-000000000000'] }, 'paymentAccountIds'],
      [{ name: 'x', paymentAccountIds: [phone.accountId], signingKey: 'short' }, 'signingKey'],
      [{ name: 'x', paymentAccountIds: [phone.accountId], signingKey: 'has spaces in the key 1234' }, 'signingKey'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/PaymentPhone', headers: t.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(body(res).errors ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await t.app.ctx.db.selectFrom('payment_phones').select('id').execute()).length).toBe(before);
  });

  it('is for owners only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'staff@shop.test', password: 'staff-password-1' },
    });
    const staff = await login(t.app, 'staff@shop.test', 'staff-password-1');
    const auth = { authorization: `Bearer ${staff.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/PaymentPhone', headers: auth })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/PaymentPhone',
          headers: auth,
          payload: { name: 'x', paymentAccountIds: [phone.accountId] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the webhook', () => {
  it('takes a signed sms:received as the app sends it and stores it raw, before reading it', async () => {
    const event = smsReceived('You have received 5,000 Ks from U Aung (09xxxxxx123). Transaction ID: 0123456789012345');
    const raw = JSON.stringify(event, null, 2); // the signature covers the exact bytes, whitespace included
    const res = await deliver(t, phone, raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ duplicate: boolean }>(res).payLoad.duplicate).toBe(false);
    const row = (await notices()).find((n) => n.event_id === event.id)!;
    expect(row).toMatchObject({
      phone_id: phone.id,
      source: 'sms-gateway',
      text: event.payload.message,
      raw,
      sender: 'KBZPay',
      sim_number: 1,
      device_id: event.deviceId,
    });
    expect(row.received_at).toBe(event.payload.receivedAt);
  });

  it('takes a replayed event once and answers 200', async () => {
    const event = smsReceived('Replay me 1,000 Ks');
    expect((await deliver(t, phone, event)).statusCode).toBe(200);
    const again = await deliver(t, phone, event);
    expect(again.statusCode).toBe(200);
    expect(body<{ duplicate: boolean }>(again).payLoad.duplicate).toBe(true);
    expect((await notices()).filter((n) => n.event_id === event.id)).toHaveLength(1);
  });

  it('takes a late retry signed now, and refuses a timestamp more than 5 minutes off either way', async () => {
    const late = smsReceived('Arrived yesterday', {
      payload: { message: 'Arrived yesterday', receivedAt: '2026-11-25T09:00:00.000+06:30' },
    });
    expect((await deliver(t, phone, late)).statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    for (const at of [now - 301 - 5, now + 301 + 5]) {
      const res = await deliver(t, phone, smsReceived('skewed'), { atSeconds: at });
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(textOf(PAYMENT_PHONE_MSG.staleTimestamp));
    }
    expect((await deliver(t, phone, smsReceived('slightly off'), { atSeconds: now - 200 })).statusCode).toBe(200);
    expect((await notices()).some((n) => n.text === 'skewed')).toBe(false);
  });

  it('refuses a bad signature, another key, a changed body or a missing timestamp with 401, storing nothing', async () => {
    const before = (await notices()).length;
    const event = smsReceived('forged 900,000 Ks');
    const raw = JSON.stringify(event);
    const ts = String(Math.floor(Date.now() / 1000));
    const attempts = [
      { 'x-signature': sign('not-the-key-0000000000', raw, ts), 'x-timestamp': ts },
      { 'x-signature': sign(phone.signingKey, raw.replace('900,000', '9,000'), ts), 'x-timestamp': ts },
      { 'x-signature': sign(phone.signingKey, raw, ts) },
      { 'x-signature': 'zz', 'x-timestamp': ts },
      { 'x-signature': sign(phone.signingKey, raw, ts), 'x-timestamp': String(Number(ts) - 1) },
    ];
    for (const headers of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: phone.path,
        headers: { 'content-type': 'application/json', ...headers },
        payload: raw,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await notices()).length).toBe(before);
  });

  it('answers other app events without storing them, and refuses a malformed body naming the field', async () => {
    const before = (await notices()).length;
    expect((await deliver(t, phone, smsReceived('sent', { event: 'sms:sent' }))).statusCode).toBe(200);
    const bad = await deliver(t, phone, JSON.stringify({ event: 'sms:received', id: 'x', payload: {} }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})).toEqual(['payload.message']);
    expect((await deliver(t, phone, '{not json')).statusCode).toBe(400);
    expect((await notices()).length).toBe(before);
  });

  it('takes a generic forwarder post (JSON, form or text) with the key in a header, once per message', async () => {
    const post = (payload: string, type: string, key = phone.signingKey) =>
      t.app.inject({ method: 'POST', url: phone.path, headers: { 'content-type': type, 'x-phone-key': key }, payload });
    const json = JSON.stringify({ text: 'WavePay: You received 12,000 Ks', from: 'WavePay', receivedAt: '2026-11-26 10:00' });
    expect((await post(json, 'application/json')).statusCode).toBe(200);
    expect(body<{ duplicate: boolean }>(await post(json, 'application/json')).payLoad.duplicate).toBe(true);
    expect(
      (
        await post(
          'text=%E1%80%84%E1%80%BD%E1%80%B1+%E1%81%85%2C%E1%81%80%E1%81%80%E1%81%80+%E1%80%80%E1%80%BB%E1%80%95%E1%80%BA&from=AYA',
          'application/x-www-form-urlencoded',
        )
      ).statusCode,
    ).toBe(200);
    expect((await post('CB Pay received 3,000 MMK', 'text/plain')).statusCode).toBe(200);
    expect((await post(JSON.stringify({ text: 'wrong key' }), 'application/json', 'not-the-key-0000000000')).statusCode).toBe(401);
    const missing = await post(JSON.stringify({ from: 'x' }), 'application/json');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(body(missing).errors ?? {})).toEqual(['text']);
    const texts = (await notices()).filter((n) => n.source === 'generic').map((n) => n.text);
    expect(texts).toEqual(['WavePay: You received 12,000 Ks', 'ငွေ ၅,၀၀၀ ကျပ်', 'CB Pay received 3,000 MMK']);
  });

  it('refuses any request carrying a staff or storefront session, even correctly signed', async () => {
    const event = smsReceived('from a session');
    for (const headers of [t.auth, { cookie: `${HUB_COOKIE}=${t.tokens.accessToken}` }, { authorization: 'Bearer storefront-token' }]) {
      const res = await deliver(t, phone, event, { headers });
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(textOf(PAYMENT_PHONE_MSG.notFromSession));
    }
    expect((await notices()).some((n) => n.event_id === event.id)).toBe(false);
  });

  it('stops a revoked phone at once, and an unknown URL looks the same', async () => {
    const other = await registerPhone(t, { accountId: phone.accountId });
    expect((await deliver(t, other, smsReceived('before revoke'))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/PaymentPhone/${other.id}`, headers: t.auth })).statusCode).toBe(200);
    const after = await deliver(t, other, smsReceived('after revoke'));
    expect(after.statusCode).toBe(404);
    const unknown = await deliver(t, { ...other, path: other.path.replace(/.{4}$/, '0000') }, smsReceived('x'));
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe(body(after).message);
    expect((await notices()).some((n) => n.text === 'after revoke')).toBe(false);
    const listed = body<PaymentPhoneDto[]>(
      await t.app.inject({ method: 'GET', url: '/api/v1/PaymentPhone', headers: t.auth }),
    ).payLoad.find((p) => p.id === other.id)!;
    expect(listed.revokedAt).not.toBeNull();
  });
});
