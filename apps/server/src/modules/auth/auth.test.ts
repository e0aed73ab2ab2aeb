// Sign-in, register, sign-out, refresh-token rotation and change-password, through the API on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { ADMIN, body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { REFRESH_GRACE_MS } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
/** Any admin-only call: answers 200 with a live session, 401 without one. */
const whoAmI = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: bearer(accessToken) });
const postLogin = (payload: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: payload as object, remoteAddress: ip });
const postRefresh = (refreshToken: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });
const sessionIdOf = (accessToken: string): string => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;

async function registerUser(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: { email, password } });
  expect(res.statusCode).toBe(201);
  return body<{ id: string }>(res).payLoad;
}

describe('Login', () => {
  it('answers a token pair whose access token opens admin routes', async () => {
    const res = await postLogin({ email: ' Admin@Test.Local ', password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const b = body<{ accessToken: string; refreshToken: string }>(res);
    expect(b).toMatchObject({
      statusCode: 200,
      payLoadList: null,
      payLoad: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    expect((await whoAmI(b.payLoad.accessToken)).statusCode).toBe(200);
    const session = await t.app.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(b.payLoad.accessToken))
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).toBeNull();
    // Refresh tokens are stored only as hashes.
    const stored = await t.app.ctx.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', session.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(b.payLoad.refreshToken);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await postLogin({ email: ADMIN.email, password: 'wrong-password' }, '10.1.0.1');
    const unknown = await postLogin({ email: 'nobody@test.local', password: 'wrong-password' }, '10.1.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({
        statusCode: 401,
        message: textOf(MSG.wrongCredentials),
        code: 'wrongCredentials',
        payLoad: null,
        payLoadList: null,
      });
    }
  });

  it('names each bad field', async () => {
    const badEmail = await postLogin({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(body(badEmail)).toMatchObject({
      statusCode: 400,
      message: textOf(MSG.invalidEmail),
      errors: { email: [textOf(MSG.invalidEmail)] },
    });
    const noPassword = await postLogin({ email: ADMIN.email, password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(body(noPassword).errors).toEqual({ password: [textOf(MSG.required)] });
    const missing = await postLogin({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(body(missing).errors ?? {}).sort()).toEqual(['email', 'password']);
  });
});

describe('Register', () => {
  it('is for signed-in admins only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      payload: { email: 'anon@test.local', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(textOf(MSG.unauthorized));
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', 'anon@test.local').executeTakeFirst()).toBeUndefined();
  });

  it('creates a user with an argon2id hash who can then sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'New@Test.Local', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      statusCode: 201,
      payLoad: { id: expect.any(String), email: 'new@test.local', emailConfirmed: false },
    });
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', 'new@test.local').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('long-enough-1');
    await expect(login(t.app, 'new@test.local', 'long-enough-1')).resolves.toHaveProperty('accessToken');
  });

  it('refuses a taken email (409) and a short password', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'NEW@test.local', password: 'long-enough-2' },
    });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({ message: textOf(MSG.emailTaken), errors: { email: [textOf(MSG.emailTaken)] } });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'short@test.local', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(body(short)).toMatchObject({
      message: textOf(MSG.passwordTooShort(8)),
      errors: { password: [textOf(MSG.passwordTooShort(8))] },
    });
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', 'short@test.local').executeTakeFirst()).toBeUndefined();
  });
});

describe('Logout', () => {
  it('revokes the session: its access and refresh tokens stop working at once, other sessions go on', async () => {
    const tokens = await login(t.app, ADMIN.email, ADMIN.password);
    expect((await whoAmI(tokens.accessToken)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Logout', headers: bearer(tokens.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(body(res).statusCode).toBe(200);

    const after = await whoAmI(tokens.accessToken);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({
      statusCode: 401,
      message: textOf(MSG.unauthorized),
      code: 'unauthorized',
      payLoad: null,
      payLoadList: null,
    });
    expect((await postRefresh(tokens.refreshToken)).statusCode).toBe(401);
    const session = await t.app.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sessionIdOf(tokens.accessToken))
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
    expect((await whoAmI(t.tokens.accessToken)).statusCode).toBe(200);
  });

  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('refresh-token', () => {
  it('rotates: each refresh token works once and gives a working pair', async () => {
    const first = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await postRefresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = body<{ accessToken: string; refreshToken: string }>(res).payLoad;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(sessionIdOf(second.accessToken)).toBe(sessionIdOf(first.accessToken));
    expect((await whoAmI(second.accessToken)).statusCode).toBe(200);
    const third = await postRefresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a used token comes back; another session of the same user is unaffected', async () => {
    const other = await login(t.app, ADMIN.email, ADMIN.password);
    const first = await login(t.app, ADMIN.email, ADMIN.password);
    const second = body<{ accessToken: string; refreshToken: string }>(await postRefresh(first.refreshToken)).payLoad;
    const third = body<{ accessToken: string; refreshToken: string }>(await postRefresh(second.refreshToken)).payLoad;
    expect((await whoAmI(third.accessToken)).statusCode).toBe(200);

    // The first token was copied by someone: replaying it after the grace window ends the session for the thief and
    // the owner alike.
    await pastGraceWindow();
    const replay = await postRefresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).message).toBe(textOf(MSG.invalidRefreshToken));
    expect((await postRefresh(third.refreshToken)).statusCode).toBe(401);
    for (const access of [first.accessToken, second.accessToken, third.accessToken]) expect((await whoAmI(access)).statusCode).toBe(401);
    const session = await t.app.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sessionIdOf(first.accessToken))
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();

    expect((await whoAmI(other.accessToken)).statusCode).toBe(200);
    expect((await postRefresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers ten parallel refreshes of one token with the same new pair instead of revoking (two tabs)', async () => {
    const first = await login(t.app, ADMIN.email, ADMIN.password);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postRefresh(first.refreshToken)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const pairs = new Set(answers.map((r) => JSON.stringify(body(r).payLoad)));
    expect(pairs.size).toBe(1);
    const pair = body<{ accessToken: string; refreshToken: string }>(answers[0]!).payLoad;
    expect((await whoAmI(pair.accessToken)).statusCode).toBe(200);
    // The pair handed out ten times is one rotation: its refresh token works and rotates on.
    const next = await postRefresh(pair.refreshToken);
    expect(next.statusCode).toBe(200);
    expect(body<{ refreshToken: string }>(next).payLoad.refreshToken).not.toBe(pair.refreshToken);
    const tokens = await t.app.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', sessionIdOf(first.accessToken))
      .execute();
    expect(tokens).toHaveLength(3);
  });

  it('still revokes the session when a used token comes back after the grace window', async () => {
    const first = await login(t.app, ADMIN.email, ADMIN.password);
    const second = body<{ accessToken: string; refreshToken: string }>(await postRefresh(first.refreshToken)).payLoad;
    expect((await postRefresh(first.refreshToken)).statusCode).toBe(200);
    await pastGraceWindow();
    expect((await postRefresh(first.refreshToken)).statusCode).toBe(401);
    expect((await whoAmI(second.accessToken)).statusCode).toBe(401);
  });

  it('keeps the remembered pair unreadable without the old token', async () => {
    const first = await login(t.app, ADMIN.email, ADMIN.password);
    const second = body<{ accessToken: string; refreshToken: string }>(await postRefresh(first.refreshToken)).payLoad;
    const rows = await t.app.ctx.db
      .selectFrom('refresh_tokens')
      .select('successor_cipher')
      .where('session_id', '=', sessionIdOf(first.accessToken))
      .execute();
    const stored = rows.map((r) => r.successor_cipher ?? '').join(' ');
    expect(stored).not.toContain(second.refreshToken);
    expect(stored).not.toContain(second.accessToken.split('.')[1]);
  });

  it('refuses past the absolute expiry of the session, however fresh the token', async () => {
    const tokens = await login(t.app, ADMIN.email, ADMIN.password);
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionIdOf(tokens.accessToken))
      .execute();
    const res = await postRefresh(tokens.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(textOf(MSG.invalidRefreshToken));
    expect((await whoAmI(tokens.accessToken)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown token', async () => {
    const missing = await postRefresh('');
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({ message: textOf(MSG.noRefreshToken), errors: { refreshToken: [textOf(MSG.noRefreshToken)] } });
    const unknown = await postRefresh('made-up-token');
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown)).toEqual({
      statusCode: 401,
      message: textOf(MSG.invalidRefreshToken),
      code: 'invalidRefreshToken',
      payLoad: null,
      payLoadList: null,
    });
  });
});

describe('change-password', () => {
  const email = 'changer@test.local';
  const oldPassword = 'old-password-1';
  const newPassword = 'new-password-2';
  let userId: string;
  beforeAll(async () => {
    userId = (await registerUser(email, oldPassword)).id;
  });

  const change = (accessToken: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/User/change-password', headers: bearer(accessToken), payload });

  it('checks the old password and that the new ones match', async () => {
    const me = await login(t.app, email, oldPassword);
    const wrong = await change(me.accessToken, { oldPassword: 'not-it-at-all', newPassword, confirmPassword: newPassword });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ message: textOf(MSG.oldPasswordWrong), errors: { oldPassword: [textOf(MSG.oldPasswordWrong)] } });
    const mismatch = await change(me.accessToken, { oldPassword, newPassword, confirmPassword: 'something-else' });
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch)).toMatchObject({
      message: textOf(MSG.passwordsMustMatch),
      errors: { confirmPassword: [textOf(MSG.passwordsMustMatch)] },
    });
    const short = await change(me.accessToken, { oldPassword, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(body(short).errors).toEqual({ newPassword: [textOf(MSG.passwordTooShort(8))] });
    await expect(login(t.app, email, oldPassword)).resolves.toHaveProperty('accessToken');
  });

  it('changes it: this session goes on, the other sessions end, the new password signs in and the old one fails', async () => {
    const here = await login(t.app, email, oldPassword);
    const elsewhere = await login(t.app, email, oldPassword);
    const res = await change(here.accessToken, { oldPassword, newPassword, confirmPassword: newPassword });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ statusCode: 200, message: textOf(MSG.passwordChanged) });

    expect((await whoAmI(here.accessToken)).statusCode).toBe(200);
    expect((await postRefresh(here.refreshToken)).statusCode).toBe(200);
    expect((await whoAmI(elsewhere.accessToken)).statusCode).toBe(401);
    expect((await postRefresh(elsewhere.refreshToken)).statusCode).toBe(401);
    const live = await t.app.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live.map((s) => s.id)).toEqual([sessionIdOf(here.accessToken)]);

    await expect(login(t.app, email, newPassword)).resolves.toHaveProperty('accessToken');
    const old = await postLogin({ email, password: oldPassword }, '10.1.0.3');
    expect(old.statusCode).toBe(401);
    expect(body(old).message).toBe(textOf(MSG.wrongCredentials));
    // Another user's sessions are none of its business.
    expect((await whoAmI(t.tokens.accessToken)).statusCode).toBe(200);
  });

  it('counts wrong old passwords against the login throttle', async () => {
    const email = 'guessed@test.local';
    await registerUser(email, oldPassword);
    const me = await login(t.app, email, oldPassword, '10.3.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await change(me.accessToken, { oldPassword: `guess-${i}-xx`, newPassword, confirmPassword: newPassword })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Now even the right old password waits, from that address.
    const locked = await change(me.accessToken, { oldPassword, newPassword, confirmPassword: newPassword });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    await expect(login(t.app, email, oldPassword, '10.3.0.2')).resolves.toHaveProperty('accessToken');
  });

  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/User/change-password',
      payload: { oldPassword, newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode).toBe(401);
  });
});

/** Moves every used refresh token's use back past the grace window, as if time had passed. */
async function pastGraceWindow() {
  const past = new Date(Date.now() - REFRESH_GRACE_MS - 1000).toISOString();
  await t.app.ctx.db.updateTable('refresh_tokens').set({ used_at: past }).where('used_at', 'is not', null).execute();
}
