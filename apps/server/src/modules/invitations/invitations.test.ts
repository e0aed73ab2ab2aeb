// Invitations end to end through a real SMTP peer started here: the owner invites, the mail (Burmese and English)
// carries a link that works once and within 48 hours, and the invitee signs in with the password they chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MSG, type InvitationDto, type InvitationPreviewDto } from '@topup/contract/invitations';
import { MSG, textOf } from '@topup/contract/messages';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../test/smtp-peer.ts';

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let smtp: SmtpPeer;
let inbox: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  inbox = smtp.inbox;
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (payload: object, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Invitation', headers, payload });
const accept = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/Invitation/accept', payload });
const tokenIn = (text: string) => decodeURIComponent(/accept-invitation\?token=([^\s]+)/.exec(text)![1]!);
const lastMailTo = (email: string) => [...inbox].reverse().find((m) => m.to.includes(email))!;

describe('invitations', () => {
  it('mails a link in Burmese and English; the invitee sets their own password once and signs in with the invited role', async () => {
    const res = await invite({ email: ' New.Staff@Shop.test ', role: 'staff' });
    expect(res.statusCode, res.body).toBe(201);
    const dto = body<InvitationDto>(res).payLoad;
    expect(dto).toMatchObject({ email: 'new.staff@shop.test', role: 'staff' });
    expect(Date.parse(dto.expiresAt) - Date.parse(dto.createdAt)).toBe(48 * 3600 * 1000);

    const mail = lastMailTo('new.staff@shop.test');
    expect(mail.text).toContain('ဖိတ်ကြား');
    expect(mail.text).toContain('invites you to its dashboard as staff');
    expect(mail.text).toContain(`${PUBLIC_URL}/accept-invitation?token=`);
    const token = tokenIn(mail.text);

    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/Invitation/preview', payload: { token } });
    expect(body<InvitationPreviewDto>(preview).payLoad).toMatchObject({
      email: 'new.staff@shop.test',
      role: 'staff',
      shopName: 'Top-up Shop',
    });
    const listed = body<InvitationDto[]>(await t.app.inject({ method: 'GET', url: '/api/v1/Invitation', headers: t.auth })).payLoad;
    expect(listed.map((i) => i.email)).toContain('new.staff@shop.test');

    const mismatch = await accept({ token, password: 'my-own-password', confirmPassword: 'other' });
    expect(body(mismatch).errors).toEqual({ confirmPassword: [textOf(MSG.passwordsMustMatch)] });
    const ok = await accept({ token, password: 'my-own-password', confirmPassword: 'my-own-password' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok).message).toBe(textOf(INVITATION_MSG.accepted));
    const tokens = await login(t.app, 'new.staff@shop.test', 'my-own-password');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(body(me).payLoad).toMatchObject({ role: 'staff', emailConfirmed: true });

    // Single use: the link doesn't work twice, not even to set another password.
    const reuse = await accept({ token, password: 'another-password', confirmPassword: 'another-password' });
    expect(reuse.statusCode).toBe(400);
    expect(body(reuse).errors).toEqual({ token: [textOf(INVITATION_MSG.invalid)] });
    await expect(login(t.app, 'new.staff@shop.test', 'another-password')).rejects.toThrow();
    expect(
      body<InvitationDto[]>(await t.app.inject({ method: 'GET', url: '/api/v1/Invitation', headers: t.auth })).payLoad.map((i) => i.email),
    ).not.toContain('new.staff@shop.test');
  });

  it('expires after 48 hours', async () => {
    await invite({ email: 'late@shop.test', role: 'owner', language: 'en' });
    const mail = lastMailTo('late@shop.test');
    expect(mail.text.indexOf('Hello')).toBeLessThan(mail.text.indexOf('မင်္ဂလာပါ'));
    const token = tokenIn(mail.text);
    await t.app.ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@shop.test')
      .execute();
    const res = await accept({ token, password: 'late-password-1', confirmPassword: 'late-password-1' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ token: [textOf(INVITATION_MSG.invalid)] });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/Invitation/preview', payload: { token } })).statusCode).toBe(400);
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', 'late@shop.test').executeTakeFirst()).toBeUndefined();
  });

  it('replaces an older link with a newer one, and a withdrawn invitation stops working', async () => {
    await invite({ email: 'twice@shop.test' });
    const first = tokenIn(lastMailTo('twice@shop.test').text);
    const second = await invite({ email: 'twice@shop.test' });
    const newer = tokenIn(lastMailTo('twice@shop.test').text);
    expect(newer).not.toBe(first);
    expect((await accept({ token: first, password: 'twice-password', confirmPassword: 'twice-password' })).statusCode).toBe(400);
    const id = body<InvitationDto>(second).payLoad.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/Invitation/${id}`, headers: t.auth })).statusCode).toBe(200);
    expect((await accept({ token: newer, password: 'twice-password', confirmPassword: 'twice-password' })).statusCode).toBe(400);
  });

  it('refuses an address that already has an account, a bad role, and staff', async () => {
    const exists = await invite({ email: 'admin@test.local' });
    expect(exists.statusCode).toBe(409);
    expect(body(exists).errors).toEqual({ email: [textOf(INVITATION_MSG.userExists)] });
    const badRole = await invite({ email: 'x@shop.test', role: 'king' });
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(body(badRole).errors ?? {})).toEqual(['role']);
    const staffTokens = await login(t.app, 'new.staff@shop.test', 'my-own-password');
    const asStaff = await invite({ email: 'y@shop.test' }, { authorization: `Bearer ${staffTokens.accessToken}` });
    expect(asStaff.statusCode).toBe(403);
    const garbage = await accept({ token: 'not-a-token', password: 'whatever-123', confirmPassword: 'whatever-123' });
    expect(body(garbage).errors).toEqual({ token: [textOf(INVITATION_MSG.invalid)] });
  });
});
