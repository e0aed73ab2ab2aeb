// Two-factor sign-in through the API: enrolment confirmed by a code, Login's two steps, a used code refused, wrong
// codes throttled like passwords, recovery codes single-use and stored hashed, and an owner requiring it for everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { textOf } from '@topup/contract/messages';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  type RecoveryCodesDto,
  type TwoFactorChallenge,
  type TwoFactorSetupDto,
} from '@topup/contract/two-factor';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'two-factor-pass-1';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The code an authenticator shows `offsetSteps` periods from now. */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function newUser(email: string, role: 'owner' | 'staff' = 'staff') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Auth/Register',
    headers: t.auth,
    payload: { email, password: PASSWORD, role },
  });
  expect(res.statusCode, res.body).toBe(201);
}
const postLogin = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email, password: PASSWORD }, remoteAddress: ip });
const postCode = (challengeToken: string, code: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/two-factor', payload: { challengeToken, code }, remoteAddress: ip });

async function tokensOf(email: string, ip: string) {
  const res = await postLogin(email, ip);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ accessToken: string; refreshToken: string }>(res).payLoad;
}

/** Turns two-factor on for a signed-in user; returns the secret and the recovery codes. */
async function enrol(accessToken: string, ip = '10.9.0.1') {
  const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/two-factor/setup', headers: bearer(accessToken) });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = body<TwoFactorSetupDto>(setup).payLoad;
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/two-factor/enable',
    headers: bearer(accessToken),
    payload: { code: await codeAt(secret) },
    remoteAddress: ip,
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: body<RecoveryCodesDto>(enable).payLoad.recoveryCodes };
}

describe('enrolment', () => {
  it('gives a locally made QR code, needs a correct code to turn on, and shows ten recovery codes stored only hashed', async () => {
    await newUser('enrol@shop.test');
    const { accessToken } = await tokensOf('enrol@shop.test', '10.1.0.1');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/two-factor/setup', headers: bearer(accessToken) });
    const dto = body<TwoFactorSetupDto>(setup).payLoad;
    expect(dto.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(dto.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(dto.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(dto.otpauthUri).toContain(encodeURIComponent('enrol@shop.test'));

    // Not on until confirmed: sign-in still takes the password alone.
    expect(body<{ accessToken?: string }>(await postLogin('enrol@shop.test', '10.1.0.2')).payLoad.accessToken).toEqual(expect.any(String));
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: bearer(accessToken),
      payload: { code: '000000' },
      remoteAddress: '10.1.0.3',
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toEqual({ code: [textOf(TWO_FACTOR_MSG.wrongCode)] });
    const notDigits = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: bearer(accessToken),
      payload: { code: 'abc' },
    });
    expect(body(notDigits).errors).toEqual({ code: [textOf(TWO_FACTOR_MSG.codeRequired)] });

    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: bearer(accessToken),
      payload: { code: await codeAt(dto.secret) },
      remoteAddress: '10.1.0.3',
    });
    expect(enable.statusCode).toBe(200);
    const codes = body<RecoveryCodesDto>(enable).payLoad.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const rows = await t.app.ctx.db
      .selectFrom('recovery_codes')
      .innerJoin('users', 'users.id', 'recovery_codes.user_id')
      .select('code_hash')
      .where('users.email', '=', 'enrol@shop.test')
      .execute();
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: bearer(accessToken) });
    expect(body<{ twoFactorEnabled: boolean }>(me).payLoad.twoFactorEnabled).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/two-factor/setup', headers: bearer(accessToken) });
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with two-factor', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    await newUser('second@shop.test');
    ({ secret, recoveryCodes } = await enrol((await tokensOf('second@shop.test', '10.2.0.1')).accessToken));
  });

  it('answers a challenge, not tokens, to the password; a code completes it once and never again', async () => {
    const first = await postLogin('second@shop.test', '10.2.0.2');
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe(textOf(TWO_FACTOR_MSG.codeRequired));
    const challenge = body<TwoFactorChallenge & { accessToken?: string }>(first).payLoad;
    expect(challenge).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String), expiresInSeconds: 300 });

    // The enrolment used this period's code; the next period's is still inside the accepted window.
    const code = await codeAt(secret, 1);
    const done = await postCode(challenge.challengeToken, code, '10.2.0.2');
    expect(done.statusCode, done.body).toBe(200);
    const tokens = body<{ accessToken: string; refreshToken: string }>(done).payLoad;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: bearer(tokens.accessToken) })).statusCode).toBe(200);

    // The challenge is spent, and the same code on a new challenge is a replay.
    expect(body(await postCode(challenge.challengeToken, code, '10.2.0.2')).errors).toEqual({
      challengeToken: [textOf(TWO_FACTOR_MSG.challengeExpired)],
    });
    const next = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.0.2')).payLoad;
    const replay = await postCode(next.challengeToken, code, '10.2.0.2');
    expect(replay.statusCode).toBe(400);
    expect(body(replay).errors).toEqual({ code: [textOf(TWO_FACTOR_MSG.wrongCode)] });
  });

  it('takes each recovery code once, in any case and with or without the dash', async () => {
    const challenge = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.1.1')).payLoad;
    const typed = ` ${recoveryCodes[0]!.toUpperCase().replace('-', ' ')} `;
    expect((await postCode(challenge.challengeToken, typed, '10.2.1.1')).statusCode).toBe(200);
    const again = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.1.1')).payLoad;
    const reused = await postCode(again.challengeToken, recoveryCodes[0]!, '10.2.1.1');
    expect(reused.statusCode).toBe(400);
    expect((await postCode(again.challengeToken, recoveryCodes[1]!, '10.2.1.1')).statusCode).toBe(200);
    const used = await t.app.ctx.db.selectFrom('recovery_codes').select('id').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(2);
  });

  it('throttles wrong codes like wrong passwords, and a right code is refused while locked', async () => {
    const challenge = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.2.1')).payLoad;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postCode(challenge.challengeToken, String(100000 + i), '10.2.2.1')).statusCode);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429);
    const locked = await postCode(challenge.challengeToken, recoveryCodes[2]!, '10.2.2.1');
    expect(locked.statusCode).toBe(429);
    expect(body<unknown>(locked)).toMatchObject({ code: 'tooManyAttempts' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an expired challenge, naming it', async () => {
    const challenge = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.3.1')).payLoad;
    await t.app.ctx.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const res = await postCode(challenge.challengeToken, recoveryCodes[3]!, '10.2.3.1');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ challengeToken: [textOf(TWO_FACTOR_MSG.challengeExpired)] });
    // The recovery code was not spent on it.
    const fresh = body<TwoFactorChallenge>(await postLogin('second@shop.test', '10.2.3.1')).payLoad;
    expect((await postCode(fresh.challengeToken, recoveryCodes[3]!, '10.2.3.1')).statusCode).toBe(200);
  });

  it('turns off only with the password', async () => {
    await newUser('off@shop.test');
    const { accessToken } = await tokensOf('off@shop.test', '10.2.4.1');
    await enrol(accessToken);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/disable',
      headers: bearer(accessToken),
      payload: { password: 'not-it' },
      remoteAddress: '10.2.4.2',
    });
    expect(wrong.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/disable',
      headers: bearer(accessToken),
      payload: { password: PASSWORD },
      remoteAddress: '10.2.4.2',
    });
    expect(off.statusCode).toBe(200);
    expect(body<{ accessToken?: string }>(await postLogin('off@shop.test', '10.2.4.3')).payLoad.accessToken).toEqual(expect.any(String));
  });
});

describe('required for everyone', () => {
  it('lets a user without it sign in only to turn it on, and then everything works', async () => {
    // The owner turns it on for themself first, then requires it.
    const owner = await enrol(t.tokens.accessToken);
    expect(owner.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ShopSettings/Security',
      headers: t.auth,
      payload: { requireTwoFactor: true },
    });
    expect(body(put).payLoad).toEqual({ requireTwoFactor: true });

    await newUser('late@shop.test');
    const { accessToken } = await tokensOf('late@shop.test', '10.3.0.1');
    const orders = await t.app.inject({ method: 'GET', url: '/api/v1/Order', headers: bearer(accessToken) });
    expect(orders.statusCode).toBe(403);
    expect(body(orders).message).toBe(textOf(TWO_FACTOR_MSG.requiredByOwner));
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: bearer(accessToken) });
    expect(body(me).payLoad).toMatchObject({ twoFactorEnabled: false, mustEnableTwoFactor: true });
    // No live orders either: the realtime hub refuses them too.
    const negotiate = () => t.app.inject({ method: 'POST', url: '/dashboard/negotiate?negotiateVersion=1', headers: bearer(accessToken) });
    expect((await negotiate()).statusCode).toBe(401);
    await enrol(accessToken, '10.3.0.2');
    expect((await negotiate()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Order', headers: bearer(accessToken) })).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/disable',
      headers: bearer(accessToken),
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(409);
    expect(body(off).message).toBe(textOf(TWO_FACTOR_MSG.cannotDisableRequired));

    await t.app.inject({ method: 'PUT', url: '/api/v1/ShopSettings/Security', headers: t.auth, payload: { requireTwoFactor: false } });
  });
});
