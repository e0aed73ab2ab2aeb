// The Users screen's API: list with search and paging, email change, delete (never yourself, never the last user).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { USER_MSG } from '@topup/contract/users';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { Paging } from '@topup/contract/envelope';
import { ADMIN, body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { deleteUser } from './users.service.ts';

type User = { id: string; email: string; emailConfirmed: boolean; role: string; twoFactorEnabled: boolean };
type UserPage = { items: User[]; paging: Paging };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function createUser(email: string, password = 'another-password-1') {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: { email, password } });
  expect(res.statusCode).toBe(201);
  return body<User>(res).payLoad;
}

const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/v1/User${query}`, headers: t.auth });

describe('GET /api/v1/User', () => {
  beforeAll(async () => {
    for (const email of ['zed@shop.test', 'bob@shop.test', 'carol@other.test', 'ann_x@shop.test']) await createUser(email);
  });

  it('pages every user ordered by email', async () => {
    const res = await list('?currentPage=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const page = body<UserPage>(res).payLoad;
    expect(page.items.map((u) => u.email)).toEqual(['admin@test.local', 'ann_x@shop.test']);
    expect(page.items[1]).toEqual({
      id: expect.any(String),
      email: 'ann_x@shop.test',
      emailConfirmed: false,
      role: 'staff',
      twoFactorEnabled: false,
    });
    expect(page.paging).toEqual({
      currentPage: 1,
      pageSize: 2,
      totalCount: 5,
      totalPages: 3,
      previousPage: null,
      nextPage: 2,
      firstRowOnPage: 1,
      lastRowOnPage: 2,
    });
    const last = body<UserPage>(await list('?currentPage=3&pageSize=2')).payLoad;
    expect(last.items.map((u) => u.email)).toEqual(['zed@shop.test']);
    expect(last.paging.nextPage).toBeNull();
  });

  it('searches over email, case-insensitively, with LIKE wildcards taken literally', async () => {
    const shop = body<UserPage>(await list('?searchTerm=SHOP.test')).payLoad;
    expect(shop.items.map((u) => u.email)).toEqual(['ann_x@shop.test', 'bob@shop.test', 'zed@shop.test']);
    expect(shop.paging.totalCount).toBe(3);
    const underscore = body<UserPage>(await list('?searchTerm=_')).payLoad;
    expect(underscore.items.map((u) => u.email)).toEqual(['ann_x@shop.test']);
    const none = body<UserPage>(await list('?searchTerm=nobody')).payLoad;
    expect(none.items).toEqual([]);
    expect(none.paging.totalCount).toBe(0);
  });

  it('clamps a huge page size to the documented maximum and says so in paging', async () => {
    const res = await list('?pageSize=100000');
    expect(res.statusCode).toBe(200);
    const page = body<UserPage>(res).payLoad;
    expect(page.paging.pageSize).toBe(PAGE_SIZE.max);
    expect(page.paging.totalPages).toBe(1);
    expect(page.items).toHaveLength(5);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/User' });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(textOf(MSG.unauthorized));
  });
});

describe('PUT /api/v1/User/{id}', () => {
  it('changes the email (lowercased), clears emailConfirmed, and the user signs in with the new one', async () => {
    const user = await createUser('dave@shop.test', 'dave-password-1');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${user.id}`,
      headers: t.auth,
      payload: { email: ' David@Shop.test ' },
    });
    expect(res.statusCode).toBe(200);
    expect(body<User>(res).payLoad).toEqual({
      id: user.id,
      email: 'david@shop.test',
      emailConfirmed: false,
      role: 'staff',
      twoFactorEnabled: false,
    });
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('david@shop.test');
    await expect(login(t.app, 'david@shop.test', 'dave-password-1')).resolves.toHaveProperty('accessToken');
  });

  it('keeps emailConfirmed when the email is unchanged', async () => {
    const me = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('users').set({ email_confirmed: 1 }).where('id', '=', me.id).execute();
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/User/${me.id}`, headers: t.auth, payload: { email: ADMIN.email } });
    expect(res.statusCode).toBe(200);
    expect(body<User>(res).payLoad.emailConfirmed).toBe(true);
  });

  it('refuses an email another user has with 409 on the email field', async () => {
    const user = await createUser('erin@shop.test');
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/User/${user.id}`, headers: t.auth, payload: { email: 'BOB@shop.test' } });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ statusCode: 409, message: textOf(MSG.emailTaken), errors: { email: [textOf(MSG.emailTaken)] } });
    const row = await t.app.ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('erin@shop.test');
  });

  it('validates the email and the id', async () => {
    const user = await createUser('frank@shop.test');
    const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/User/${user.id}`, headers: t.auth, payload: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual({ email: [textOf(MSG.invalidEmail)] });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${randomUUID()}`,
      headers: t.auth,
      payload: { email: 'x@shop.test' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe(textOf(MSG.notFound('User')));
    const notUuid = await t.app.inject({ method: 'PUT', url: '/api/v1/User/123', headers: t.auth, payload: { email: 'x@shop.test' } });
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('DELETE /api/v1/User/{id}', () => {
  it('deletes a user and ends its sessions with it', async () => {
    const user = await createUser('gone@shop.test', 'gone-password-1');
    const tokens = await login(t.app, 'gone@shop.test', 'gone-password-1');
    const asGone = { authorization: `Bearer ${tokens.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: asGone })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${user.id}`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(body<{ id: string }>(res).payLoad).toEqual({ id: user.id });
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: asGone })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${user.id}`, headers: t.auth });
    expect(again.statusCode).toBe(404);
  });

  it('never deletes yourself', async () => {
    const me = body<UserPage>(await list(`?searchTerm=${ADMIN.email}`)).payLoad.items[0]!;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${me.id}`, headers: t.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(textOf(MSG.cannotDeleteSelf));
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', me.id).executeTakeFirst()).toBeDefined();
  });

  it('never deletes the last user', async () => {
    // Only the admin and one other remain; the other deletes the admin, then nobody may delete the last one.
    const others = body<UserPage>(await list('?pageSize=100')).payLoad.items.filter(
      (u) => u.email !== ADMIN.email && u.email !== 'bob@shop.test',
    );
    for (const u of others)
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${u.id}`, headers: t.auth })).statusCode).toBe(200);
    const remaining = body<UserPage>(await list()).payLoad.items;
    expect(remaining.map((u) => u.email)).toEqual([ADMIN.email, 'bob@shop.test']);

    // Bob becomes an owner too, so each of them may delete the other.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/User/${remaining[1]!.id}`,
          headers: t.auth,
          payload: { email: 'bob@shop.test', role: 'owner' },
        })
      ).statusCode,
    ).toBe(200);
    const bob = await login(t.app, 'bob@shop.test', 'another-password-1');
    const asBob = { authorization: `Bearer ${bob.accessToken}` };
    const admin = remaining.find((u) => u.email === ADMIN.email)!;
    const bobRow = remaining.find((u) => u.email === 'bob@shop.test')!;

    // Two admins deleting each other at the same moment: exactly one of them may win.
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/v1/User/${admin.id}`, headers: asBob }),
      t.app.inject({ method: 'DELETE', url: `/api/v1/User/${bobRow.id}`, headers: t.auth }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const left = await t.app.ctx.db.selectFrom('users').select('id').execute();
    expect(left).toHaveLength(1);

    // The survivor can't delete the last user either (it is themself, so either rule refuses it).
    const survivorEmail = a.statusCode === 200 ? 'bob@shop.test' : ADMIN.email;
    const survivor = survivorEmail === ADMIN.email ? { headers: t.auth, id: admin.id } : { headers: asBob, id: bobRow.id };
    const last = await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${survivor.id}`, headers: survivor.headers });
    expect(last.statusCode).toBe(400);
    expect(await t.app.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);

    // Asked by an admin whose own account went away meanwhile, the last-user rule is what refuses.
    const ghost = { id: randomUUID(), email: 'ghost@shop.test', sessionId: randomUUID() };
    await expect(deleteUser(t.app.ctx, ghost, survivor.id)).rejects.toMatchObject({ statusCode: 409, message: MSG.cannotDeleteLastUser });
    expect(await t.app.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});

describe('roles', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp();
  });
  afterAll(() => r.close());

  const asOwner = () => r.auth;
  async function newUser(email: string, role?: 'owner' | 'staff') {
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: asOwner(),
      payload: { email, password: 'staff-password-1', ...(role ? { role } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return body<User>(res).payLoad;
  }

  it('registers staff by default and says each role in the list and on /me', async () => {
    const staff = await newUser('staffer@shop.test');
    expect(staff.role).toBe('staff');
    const me = await r.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: asOwner() });
    expect(body<User>(me).payLoad).toMatchObject({ email: ADMIN.email, role: 'owner', twoFactorEnabled: false });
    const tokens = await login(r.app, 'staffer@shop.test', 'staff-password-1');
    const asStaff = { authorization: `Bearer ${tokens.accessToken}` };
    const own = await r.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: asStaff });
    expect(body<User>(own).payLoad).toMatchObject({ email: 'staffer@shop.test', role: 'staff' });
    // Staff can't list users nor make themselves an owner.
    const listAsStaff = await r.app.inject({ method: 'GET', url: '/api/v1/User', headers: asStaff });
    expect(listAsStaff.statusCode).toBe(403);
    const promote = await r.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${staff.id}`,
      headers: asStaff,
      payload: { email: 'staffer@shop.test', role: 'owner' },
    });
    expect(promote.statusCode).toBe(403);
    expect((await r.app.ctx.db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).role).toBe('staff');
  });

  it('refuses a role that does not exist, naming the field', async () => {
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: asOwner(),
      payload: { email: 'x@shop.test', password: 'staff-password-1', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['role']);
  });

  it('never demotes or deletes the last owner; a demotion ends the sessions, and the next sign-in is as staff', async () => {
    const me = body<User>(await r.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: asOwner() })).payLoad;
    const demoteSelf = await r.app.inject({
      method: 'PUT',
      url: `/api/v1/User/${me.id}`,
      headers: asOwner(),
      payload: { email: ADMIN.email, role: 'staff' },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(body(demoteSelf).errors).toEqual({ role: [textOf(USER_MSG.lastOwner)] });

    const second = await newUser('second-owner@shop.test', 'owner');
    const secondTokens = await login(r.app, 'second-owner@shop.test', 'staff-password-1');
    const asSecondOwner = { authorization: `Bearer ${secondTokens.accessToken}` };
    // With two owners, one may step down; then the other is the last and can be neither demoted nor deleted.
    expect(
      (
        await r.app.inject({
          method: 'PUT',
          url: `/api/v1/User/${second.id}`,
          headers: asOwner(),
          payload: { email: second.email, role: 'staff' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await r.app.inject({ method: 'GET', url: '/api/v1/User', headers: asSecondOwner })).statusCode).toBe(401);
    const asSecond = { authorization: `Bearer ${(await login(r.app, 'second-owner@shop.test', 'staff-password-1')).accessToken}` };
    expect((await r.app.inject({ method: 'GET', url: '/api/v1/User', headers: asSecond })).statusCode).toBe(403);
    const deleteOwner = await r.app.inject({ method: 'DELETE', url: `/api/v1/User/${me.id}`, headers: asSecond });
    expect(deleteOwner.statusCode).toBe(403);
    await expect(deleteUser(r.app.ctx, { id: second.id }, me.id)).rejects.toMatchObject({ statusCode: 409, message: USER_MSG.lastOwner });
    expect(await r.app.ctx.db.selectFrom('users').select('id').where('role', '=', 'owner').execute()).toHaveLength(1);
  });
});
