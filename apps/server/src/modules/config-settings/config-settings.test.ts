import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@topup/contract/messages';
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

describe('ConfigSetting', () => {
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
    expect(body(fifth).message).toBe(MSG.maxConfigSettings);
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
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/ConfigSetting/${list.items[0]!.id}`, headers: { ...form.headers, ...t.auth }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ paymentName: [MSG.required] });
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it('replaces and deletes the logo file with the account', async () => {
    const list = body<{ items: Array<{ id: string; logo: string | null }> }>(await t.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting' })).payLoad;
    const withLogo = list.items.find((i) => i.logo)!;
    const form = multipart({ paymentName: 'KBZPay', phone: '09123456789', orderIndex: '2' }, { file_Logo: { data: await png(32, 32, '#00ff00') } });
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/ConfigSetting/${withLogo.id}`, headers: { ...form.headers, ...t.auth }, payload: form.payload });
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
