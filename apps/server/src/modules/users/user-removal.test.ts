// An owner who is deleted or demoted keeps no way back in: their refresh tokens stop working, their live hub
// connections end at once (not at the next minute's session re-check), and the invitations they mailed that nobody
// used yet (an owner-role one above all) are withdrawn. Real SMTP peer, real hub client over a listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { INVITATION_MSG, type InvitationDto } from '@topup/contract/invitations';
import { textOf } from '@topup/contract/messages';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { FAST, connectClient, listen, waitFor, type Client } from '../../realtime/hub.fixtures.ts';

const PASSWORD = 'owner-password-1';
let t: TestApp;
let smtp: SmtpPeer;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // The session re-check stays at a minute: a connection that ends within seconds was ended by the removal itself.
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' }, { build: { hub: FAST } });
  base = await listen(t);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await t.close();
  await smtp.close();
});

/** A second owner, signed in, with a live hub connection and an owner invitation and a staff one they sent. */
async function ownerWithAWayBackIn(email: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Auth/Register',
    headers: t.auth,
    payload: { email, password: PASSWORD, role: 'owner' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = body<{ id: string }>(created).payLoad.id;
  const tokens = await login(t.app, email, PASSWORD);
  const auth = { authorization: `Bearer ${tokens.accessToken}` };
  const links: Record<'owner' | 'staff', string> = { owner: '', staff: '' };
  for (const role of ['owner', 'staff'] as const) {
    const invitee = `${role}-via-${email}`;
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/Invitation', headers: auth, payload: { email: invitee, role } });
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = [...smtp.inbox].reverse().find((m) => m.to.includes(invitee))!;
    links[role] = decodeURIComponent(/accept-invitation\?token=(\S+)/.exec(mail.text)![1]!);
  }
  const hub = await connectClient(base, HttpTransportType.WebSockets, () => tokens.accessToken);
  clients.push(hub);
  return { email, id, tokens, auth, links, hub };
}

const accept = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Invitation/accept',
    payload: { token, password: 'taken-over-1', confirmPassword: 'taken-over-1' },
  });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });
const owners = async () =>
  (await t.app.ctx.db.selectFrom('users').select('email').where('role', '=', 'owner').orderBy('email').execute()).map((u) => u.email);

async function expectNoWayBackIn(removed: Awaited<ReturnType<typeof ownerWithAWayBackIn>>, ownersBefore: string[]) {
  expect((await refresh(removed.tokens.refreshToken)).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: removed.auth })).statusCode).toBe(401);
  await waitFor(() => removed.hub.events.length > 0, 'the hub connection to end', 3000);
  expect(removed.hub.events[0]).toMatch(/session has ended/);
  for (const role of ['owner', 'staff'] as const) {
    const res = await accept(removed.links[role]);
    expect(res.statusCode, `${role} invitation`).toBe(400);
    expect(body(res).errors).toEqual({ token: [textOf(INVITATION_MSG.invalid)] });
  }
  expect(await owners()).toEqual(ownersBefore);
  const listed = body<InvitationDto[]>(await t.app.inject({ method: 'GET', url: '/api/v1/Invitation', headers: t.auth })).payLoad;
  expect(listed.filter((i) => i.email.endsWith(`-via-${removed.email}`))).toEqual([]);
}

describe('removing an owner', () => {
  it('deleting them withdraws their pending invitations, ends their refresh tokens and their live hub connections', async () => {
    const gone = await ownerWithAWayBackIn('leaving@shop.test');
    const before = (await owners()).filter((e) => e !== 'leaving@shop.test');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${gone.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    await expectNoWayBackIn(gone, before);
  });

  it('demoting them to staff does the same; they sign in again as staff and may not invite', async () => {
    const demoted = await ownerWithAWayBackIn('stepping-down@shop.test');
    const before = (await owners()).filter((e) => e !== 'stepping-down@shop.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${demoted.id}`,
      headers: t.auth,
      payload: { email: 'stepping-down@shop.test', role: 'staff' },
    });
    expect(res.statusCode).toBe(200);
    await expectNoWayBackIn(demoted, before);
    const again = await login(t.app, 'stepping-down@shop.test', PASSWORD);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Invitation',
      headers: { authorization: `Bearer ${again.accessToken}` },
      payload: { email: 'x@shop.test' },
    });
    expect(invite.statusCode).toBe(403);
  });

  it('leaves other users’ sessions and invitations alone, and a change of email alone ends nothing', async () => {
    const kept = await ownerWithAWayBackIn('staying@shop.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${kept.id}`,
      headers: t.auth,
      payload: { email: 'still-here@shop.test', role: 'owner' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: kept.auth })).statusCode).toBe(200);
    expect((await refresh(kept.tokens.refreshToken)).statusCode).toBe(200);
    expect(kept.hub.events).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: t.auth })).statusCode).toBe(200);
    const ok = await accept(kept.links.staff);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
