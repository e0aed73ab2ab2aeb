import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { PAYMENT_ACCOUNT_MSG } from '@topup/contract/payment-accounts';
import { createGame } from '../orders/orders.fixtures.ts';
import { body, buildTestApp, multipart, png, storedFiles, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function create(fields: Record<string, string>, logo?: Buffer) {
  const form = multipart({ logo: '', ...fields }, logo ? { file_Logo: { data: logo } } : {});
  return t.app.inject({ method: 'POST', url: '/api/v1/ConfigSetting', headers: { ...form.headers, ...t.auth }, payload: form.payload });
}

describe('Payment accounts (/api/v1/ConfigSetting)', () => {
  it('creates with a logo, lists publicly, and refuses a fifth', async () => {
    const res = await create({ paymentName: 'KBZPay', phone: '09123456789' }, await png());
    expect(res.statusCode).toBe(201);
    const created = body<{ id: string; logo: string; orderIndex: number }>(res).payLoad;
    expect(created.logo).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);
    expect(created.orderIndex).toBe(1);
    const img = await t.app.inject({ method: 'GET', url: created.logo });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toContain('immutable');

    for (const name of ['Wave', 'AYA', 'CB']) expect((await create({ paymentName: name, phone: '09987654321' })).statusCode).toBe(201);
    const fifth = await create({ paymentName: 'Fifth', phone: '0911111111' }, await png());
    expect(fifth.statusCode).toBe(409);
    expect(body(fifth).message).toBe(textOf(MSG.maxConfigSettings));
    expect(storedFiles(t.dataDir)).toHaveLength(1);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/configsetting?pageSize=12' });
    expect(list.statusCode).toBe(200);
    const page = body<{ items: unknown[]; paging: { totalCount: number } }>(list).payLoad;
    expect(page.paging.totalCount).toBe(4);
  });

  it('names the bad field and stores nothing', async () => {
    const before = storedFiles(t.dataDir).length;
    const list = body<{ items: Array<{ id: string }> }>(await t.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting' })).payLoad;
    const form = multipart({ paymentName: '  ', phone: '1' }, { file_Logo: { data: await png() } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/ConfigSetting/${list.items[0]!.id}`,
      headers: { ...form.headers, ...t.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ paymentName: [textOf(MSG.required)] });
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it('replaces and deletes the logo file with the account', async () => {
    const list = body<{ items: Array<{ id: string; logo: string | null }> }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting' }),
    ).payLoad;
    const withLogo = list.items.find((i) => i.logo)!;
    const form = multipart(
      { paymentName: 'KBZPay', phone: '09123456789', orderIndex: '2' },
      { file_Logo: { data: await png(32, 32, '#00ff00') } },
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/ConfigSetting/${withLogo.id}`,
      headers: { ...form.headers, ...t.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const updated = body<{ logo: string; orderIndex: number }>(res).payLoad;
    expect(updated.orderIndex).toBe(2);
    expect(updated.logo).not.toBe(withLogo.logo);
    expect(storedFiles(t.dataDir)).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/ConfigSetting/${withLogo.id}`, headers: t.auth });
    expect(body<{ id: string }>(del).payLoad.id).toBe(withLogo.id);
    expect(storedFiles(t.dataDir)).toHaveLength(0);
  });
});

describe('Payment accounts on/off', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp();
  });
  afterAll(() => s.close());

  async function account(name: string, extra: Record<string, string> = {}) {
    const form = multipart({ paymentName: name, phone: '09123456789', logo: '', ...extra });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/ConfigSetting',
      headers: { ...form.headers, ...s.auth },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return body<{ id: string; isActive: boolean }>(res).payLoad;
  }
  const setActive = async (id: string, name: string, isActive: string) => {
    const form = multipart({ paymentName: name, phone: '09123456789', isActive });
    return s.app.inject({
      method: 'PUT',
      url: `/api/v1/ConfigSetting/${id}`,
      headers: { ...form.headers, ...s.auth },
      payload: form.payload,
    });
  };
  const names = async (headers: Record<string, string> = {}) =>
    body<{ items: Array<{ paymentName: string }> }>(
      await s.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting', headers }),
    ).payLoad.items.map((i) => i.paymentName);

  it('shows buyers only the active accounts, the dashboard all of them, and keeps the cap of 4 over both', async () => {
    const kbz = await account('KBZPay');
    expect(kbz.isActive).toBe(true);
    const wave = await account('Wave', { isActive: 'False' });
    expect(wave.isActive).toBe(false);
    const gameId = await createGame(s);
    expect(await names()).toEqual(['KBZPay']);
    expect(await names(s.auth)).toEqual(['KBZPay', 'Wave']);
    const detail = await s.app.inject({ method: 'GET', url: `/api/v1/game/${gameId}` });
    expect(body<{ configSettingDtos: Array<{ paymentName: string }> }>(detail).payLoad.configSettingDtos.map((c) => c.paymentName)).toEqual(
      ['KBZPay'],
    );

    // Wave's wallet is back: switching it on shows it to buyers at once (the public cache is cleared by the change).
    expect((await setActive(wave.id, 'Wave', 'True')).statusCode).toBe(200);
    expect(await names()).toEqual(['KBZPay', 'Wave']);
    // An update that doesn't mention isActive leaves it as it is.
    const form = multipart({ paymentName: 'Wave Money', phone: '09123456789' });
    const renamed = await s.app.inject({
      method: 'PUT',
      url: `/api/v1/ConfigSetting/${wave.id}`,
      headers: { ...form.headers, ...s.auth },
      payload: form.payload,
    });
    expect(body<{ isActive: boolean }>(renamed).payLoad.isActive).toBe(true);

    await account('AYA', { isActive: 'False' });
    await account('CB', { isActive: 'False' });
    const fifth = multipart({ paymentName: 'Fifth', phone: '09123456789' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/ConfigSetting',
      headers: { ...fifth.headers, ...s.auth },
      payload: fifth.payload,
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses to pause or delete the last active account while a game is on sale, saying why', async () => {
    const all = body<{ items: Array<{ id: string; paymentName: string; isActive: boolean }> }>(
      await s.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting', headers: s.auth }),
    ).payLoad.items;
    const kbz = all.find((a) => a.paymentName === 'KBZPay')!;
    const wave = all.find((a) => a.paymentName === 'Wave Money')!;
    expect((await setActive(kbz.id, 'KBZPay', 'False')).statusCode).toBe(200);
    const last = await setActive(wave.id, 'Wave Money', 'False');
    expect(last.statusCode).toBe(409);
    expect(body(last)).toMatchObject({
      message: textOf(PAYMENT_ACCOUNT_MSG.lastActive),
      errors: { isActive: [textOf(PAYMENT_ACCOUNT_MSG.lastActive)] },
    });
    const del = await s.app.inject({ method: 'DELETE', url: `/api/v1/ConfigSetting/${wave.id}`, headers: s.auth });
    expect(del.statusCode).toBe(409);
    expect(await names()).toEqual(['Wave Money']);
    // Deleting a paused account is fine.
    expect((await s.app.inject({ method: 'DELETE', url: `/api/v1/ConfigSetting/${kbz.id}`, headers: s.auth })).statusCode).toBe(200);
    expect(await names()).toEqual(['Wave Money']);
  });

  it('lets a shop with no game on sale pause every account', async () => {
    await s.app.ctx.db.updateTable('games').set({ is_disable: 1 }).execute();
    const wave = body<{ items: Array<{ id: string; paymentName: string }> }>(
      await s.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting' }),
    ).payLoad.items[0]!;
    expect((await setActive(wave.id, wave.paymentName, 'False')).statusCode).toBe(200);
    expect(await names()).toEqual([]);
  });

  it('refuses a bad isActive value, naming the field', async () => {
    const form = multipart({ paymentName: 'X', phone: '0912', isActive: 'maybe' });
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/v1/ConfigSetting/00000000-0000-4000-8000-000000000000',
      headers: { ...form.headers, ...s.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['isActive']);
  });
});
