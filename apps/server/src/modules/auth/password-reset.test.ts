// Forgot-password → mail → Reset-password, end to end through a real SMTP peer started here: the link is read
// out of the mail that arrived, works once, expires, and ends every session of the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { body, buildTestApp, login, putShopSettings, shopSettingsFields, type TestApp } from '../../../test/helpers.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { settleBackgroundWork } from './auth.service.ts';

const PUBLIC_URL = 'https://shop.example';
const USER = { email: 'forgetful@test.local', password: 'first-password-1' };
const NEW_PASSWORD = 'second-password-2';

let t: TestApp;
let smtp: SmtpPeer;
let inbox: ReceivedMail[];
const waitForMail = (count: number) => smtp.waitForMail(count);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  inbox = smtp.inbox;
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: USER });
  expect(res.statusCode).toBe(201);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

function resetTokenOf(mail: ReceivedMail): string {
  const match = /https:\/\/shop\.example\/reset-password\?token=([A-Za-z0-9%_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return decodeURIComponent(match[1]!);
}

const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/Forgot-password', payload: { email } });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/Reset-password', payload });
const whoAmI = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/User', headers: { authorization: `Bearer ${accessToken}` } });
const postLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email, password }, remoteAddress: '10.9.9.9' });

describe('Forgot-password and Reset-password', () => {
  it('answers the same for an unknown email and mails nobody; mails a single-use link to a real account', async () => {
    const sessionA = await login(t.app, USER.email, USER.password);
    const sessionB = await login(t.app, USER.email, USER.password);

    const unknown = await forgot('nobody-here@test.local');
    expect(unknown.statusCode).toBe(200);
    expect(body(unknown)).toEqual({
      statusCode: 200,
      message: textOf(MSG.forgotPasswordSent),
      code: 'forgotPasswordSent',
      payLoad: null,
      payLoadList: null,
    });
    // The work behind the answer is done after it; once it has settled, nothing was mailed.
    await settleBackgroundWork(t.app.ctx);
    expect(inbox).toHaveLength(0);

    const known = await forgot(USER.email.toUpperCase());
    expect(known.body).toBe(unknown.body);
    const mail = await waitForMail(1);
    expect(mail.to).toEqual([USER.email]);
    expect(mail.raw).toMatch(/^Subject: Reset your password/m);
    const token = resetTokenOf(mail);
    expect(inbox).toHaveLength(1);
    const users = await t.app.ctx.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select('users.email')
      .execute();
    expect(users.map((u) => u.email)).toEqual([USER.email]);
    // Only the hash is stored.
    const stored = await t.app.ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const mismatch = await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: 'not-the-same-1' });
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).errors).toEqual({ confirmPassword: [textOf(MSG.passwordsMustMatch)] });
    const short = await reset({ token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(body(short).errors).toEqual({ newPassword: [textOf(MSG.passwordTooShort(8))] });

    const done = await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(body(done).message).toBe(textOf(MSG.passwordReset));

    expect((await postLogin(USER.email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await postLogin(USER.email, USER.password);
    expect(old.statusCode).toBe(401);
    expect(body(old).message).toBe(textOf(MSG.wrongCredentials));

    // Every session that existed before the reset has ended, access and refresh alike.
    for (const s of [sessionA, sessionB]) {
      expect((await whoAmI(s.accessToken)).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        payload: { refreshToken: s.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    // Resetting also proves the address works.
    const row = await t.app.ctx.db.selectFrom('users').select('email_confirmed').where('email', '=', USER.email).executeTakeFirstOrThrow();
    expect(row.email_confirmed).toBe(1);

    const again = await reset({ token, newPassword: 'third-password-3' });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ message: textOf(MSG.resetLinkInvalid), errors: { token: [textOf(MSG.resetLinkInvalid)] } });
    expect((await postLogin(USER.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link replaced by a newer one, an expired link and a made-up one', async () => {
    expect((await forgot(USER.email)).statusCode).toBe(200);
    const older = resetTokenOf(await waitForMail(2));
    expect((await forgot(USER.email)).statusCode).toBe(200);
    const newer = resetTokenOf(await waitForMail(3));
    expect(newer).not.toBe(older);

    const replaced = await reset({ token: older, newPassword: 'third-password-3' });
    expect(replaced.statusCode).toBe(400);
    expect(body(replaced).message).toBe(textOf(MSG.resetLinkInvalid));

    await t.app.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const expired = await reset({ token: newer, newPassword: 'third-password-3' });
    expect(expired.statusCode).toBe(400);
    expect(body(expired).errors).toEqual({ token: [textOf(MSG.resetLinkInvalid)] });

    const madeUp = await reset({ token: 'made-up-token', newPassword: 'third-password-3' });
    expect(madeUp.statusCode).toBe(400);
    expect(body(madeUp).message).toBe(textOf(MSG.resetLinkInvalid));

    expect((await postLogin(USER.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(inbox).toHaveLength(3);
  });

  it('validates the email', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ email: [textOf(MSG.invalidEmail)] });
  });

  it('mails in the recipient’s chosen language, else in the language the form was sent in', async () => {
    const staff = { email: 'burmese-staff@test.local', password: 'staff-password-1' };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: staff })).statusCode).toBe(201);
    const before = inbox.length;
    // No choice stored yet: the form's language (English here).
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Forgot-password',
      payload: { email: staff.email },
      headers: { 'accept-language': 'en' },
    });
    expect((await waitForMail(before + 1)).text).toContain('Someone asked to reset the password');
    // Chosen in the dashboard: Burmese, whatever language the form came in.
    const { accessToken } = body<{ accessToken: string }>(await postLogin(staff.email, staff.password)).payLoad;
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/User/language',
      payload: { language: 'mm' },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(chosen.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Forgot-password',
      payload: { email: staff.email },
      headers: { 'accept-language': 'en' },
    });
    const mail = await waitForMail(before + 2);
    expect(mail.text).toContain('စကားဝှက်');
    expect(resetTokenOf(mail)).toEqual(expect.any(String));
  });
});

describe('the mail sender', () => {
  it("is the shop's current name with the address of MAIL_FROM, on the next mail after a rename", async () => {
    const renamed = await putShopSettings(t.app, t.auth, shopSettingsFields({ shopName: 'Mingalar "Top-up" Shop' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = inbox.length;
    const other = { email: 'renamed-shop@test.local', password: 'third-password-3' };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: other })).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Forgot-password',
      payload: { email: other.email },
      remoteAddress: '10.7.7.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(before + 1);
    const from = /^From: (.*)$/m.exec(mail.raw)?.[1];
    // The default MAIL_FROM is "Top-up Shop <no-reply@localhost>": its name is replaced, its address kept.
    expect(from).toBe('"Mingalar \\"Top-up\\" Shop" <no-reply@localhost>');
  });
});
