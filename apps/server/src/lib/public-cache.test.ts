import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addPaymentAccount, body, buildTestApp, multipart, png, type TestApp } from '../../test/helpers.ts';
import { changesCatalog, createPublicCache } from './public-cache.ts';

describe('createPublicCache', () => {
  it('serves JSON text while fresh, re-reads after the TTL or a clear, and never caches failures', async () => {
    let clock = 0;
    const cache = createPublicCache(() => clock);
    let reads = 0;
    const produce = async () => ({ n: ++reads, extra: 'dropped by the schema' });
    const schema = z.object({ n: z.number() });
    expect(await cache.json('k', schema, produce)).toBe('{"n":1}');
    expect(await cache.json('k', schema, produce)).toBe('{"n":1}');
    clock += 5001;
    expect(await cache.json('k', schema, produce)).toBe('{"n":2}');
    cache.clear();
    expect(await cache.json('k', schema, produce)).toBe('{"n":3}');
    await expect(cache.json('bad', schema, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.json('bad', schema, async () => ({ n: 9 }))).toBe('{"n":9}');
  });

  it('does not store a value produced across a clear', async () => {
    const cache = createPublicCache();
    let release!: () => void;
    const slow = cache.json('k', z.object({ v: z.string() }), () => new Promise((r) => (release = () => r({ v: 'old' }))));
    cache.clear();
    release();
    expect(await slow).toBe('{"v":"old"}');
    expect(await cache.json('k', z.object({ v: z.string() }), async () => ({ v: 'new' }))).toBe('{"v":"new"}');
  });

  it('knows which requests change the catalog', () => {
    expect(changesCatalog('POST', '/api/v1/Game')).toBe(true);
    expect(changesCatalog('PUT', '/api/v1/tokenpackage/1')).toBe(true);
    expect(changesCatalog('DELETE', '/api/v1/ConfigSetting/1?x=1')).toBe(true);
    expect(changesCatalog('GET', '/api/v1/Game')).toBe(false);
    expect(changesCatalog('POST', '/api/v1/Order')).toBe(false);
    expect(changesCatalog('POST', '/api/v1/GameX')).toBe(false);
  });
});

describe('the catalog through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await addPaymentAccount(t);
  });
  afterAll(() => t.close());

  it('buyers see an admin’s change at once, though their lists come from the cache', async () => {
    const list = async () =>
      body<{ items: Array<{ title: string }> }>(await t.app.inject({ method: 'GET', url: '/api/v1/Game?currentPage=1&pageSize=12' }))
        .payLoad.items;
    expect(await list()).toEqual([]);
    const form = multipart(
      { title: 'Cached Game', orderIndex: '1', serverType: 'NONE', isDisable: 'False' },
      { file_Logo: { data: await png() }, file_GameProfileImage: { data: await png() } },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Game',
      headers: { ...form.headers, ...t.auth },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    expect((await list()).map((g) => g.title)).toEqual(['Cached Game']);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Game' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
