// Shop settings through the API: the first-run defaults, an owner's change read back at once (the cache is cleared),
// the logo stored and released, hostile values refused per field with nothing written, and staff kept out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { SETTINGS_MSG, type ShopSettingsDto } from '@topup/contract/shop-settings';
import { FORBIDDEN_MESSAGE } from '../auth/admin.ts';
import { body, buildTestApp, login, png, putShopSettings, shopSettingsFields, storedFiles, type TestApp } from '../../../test/helpers.ts';
import { getShopSettings } from './shop-settings.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const read = async () => body<ShopSettingsDto>(await t.app.inject({ method: 'GET', url: '/api/v1/shopsettings' })).payLoad;

describe('shop settings', () => {
  it('starts with the first-run defaults, readable by anyone', async () => {
    expect(await read()).toEqual({
      shopName: 'Top-up Shop',
      logo: null,
      contactEmail: 'support@topup-shop.example',
      phone: '+95 9 123 456 789',
      telegramUrl: 'https://t.me/topupshop',
      viberUrl: '',
      facebookUrl: 'https://www.facebook.com/topupshop',
      copyrightHolder: 'Top-up Shop',
      timeZone: 'Asia/Yangon',
      deliveryMinutes: 3,
    });
  });

  it('saves an owner change, with a logo, and answers it at once (also from the service other modules use)', async () => {
    const before = await getShopSettings(t.app.ctx); // fills the cache
    expect(before.shopName).toBe('Top-up Shop');
    const res = await putShopSettings(t.app, t.auth, shopSettingsFields({ contactEmail: ' Help@Golden.TEST ', viberUrl: '' }), {
      file_Logo: { data: await png() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = body<ShopSettingsDto>(res).payLoad;
    expect(saved).toMatchObject({ shopName: 'Golden Top-up', contactEmail: 'help@golden.test', viberUrl: '', deliveryMinutes: 5 });
    expect(saved.logo).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);
    expect(await read()).toEqual(saved);
    expect(await getShopSettings(t.app.ctx)).toEqual(saved);
    expect(storedFiles(t.dataDir)).toHaveLength(1);

    // Saving without a file keeps the logo; removeLogo goes back to the built-in one and frees the file.
    const kept = body<ShopSettingsDto>(await putShopSettings(t.app, t.auth, shopSettingsFields())).payLoad;
    expect(kept.logo).toBe(saved.logo);
    const removed = body<ShopSettingsDto>(await putShopSettings(t.app, t.auth, shopSettingsFields({ removeLogo: 'True' }))).payLoad;
    expect(removed.logo).toBeNull();
    expect(storedFiles(t.dataDir)).toHaveLength(0);
  });

  it('refuses hostile or broken values, naming each field, and changes nothing', async () => {
    const before = await read();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ telegramUrl: 'javascript:alert(1)' }, 'telegramUrl', textOf(SETTINGS_MSG.invalidLink)],
      [{ facebookUrl: 'data:text/html,<script>1</script>' }, 'facebookUrl', textOf(SETTINGS_MSG.invalidLink)],
      [{ viberUrl: 'not a link' }, 'viberUrl', textOf(SETTINGS_MSG.invalidLink)],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', textOf(SETTINGS_MSG.invalidTimeZone)],
      [{ deliveryMinutes: '0' }, 'deliveryMinutes', textOf(SETTINGS_MSG.deliveryMinutes)],
      [{ deliveryMinutes: 'soon' }, 'deliveryMinutes', textOf(SETTINGS_MSG.deliveryMinutes)],
      [{ shopName: '   ' }, 'shopName', textOf(MSG.required)],
      [{ shopName: 'x'.repeat(61) }, 'shopName', textOf(MSG.tooLong(60))],
      [{ contactEmail: 'nope' }, 'contactEmail', textOf(MSG.invalidEmail)],
    ];
    for (const [override, field, message] of cases) {
      const res = await putShopSettings(t.app, t.auth, shopSettingsFields({ shopName: 'Should not be saved', ...override }));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(body(res).errors, JSON.stringify(override)).toEqual({ [field]: [message] });
    }
    const notAnImage = await putShopSettings(t.app, t.auth, shopSettingsFields({ shopName: 'Should not be saved' }), {
      file_Logo: { data: Buffer.from('<svg onload=alert(1)>') },
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(await read()).toEqual(before);
    expect(storedFiles(t.dataDir)).toHaveLength(0);
  });

  it('is changed by owners only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'staff@shop.test', password: 'staff-password-1' },
    });
    const staff = await login(t.app, 'staff@shop.test', 'staff-password-1');
    const res = await putShopSettings(
      t.app,
      { authorization: `Bearer ${staff.accessToken}` },
      shopSettingsFields({ shopName: 'Staff shop' }),
    );
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(textOf(FORBIDDEN_MESSAGE));
    expect((await putShopSettings(t.app, {}, shopSettingsFields())).statusCode).toBe(401);
    expect((await read()).shopName).not.toBe('Staff shop');
  });

  it('keeps the owner-only security switch', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/ShopSettings/Security', headers: t.auth });
    expect(body(get).payLoad).toEqual({ requireTwoFactor: false });
    // An owner without two-factor can't require it (the rest is in two-factor.test.ts).
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ShopSettings/Security',
      headers: t.auth,
      payload: { requireTwoFactor: true },
    });
    expect(put.statusCode).toBe(409);
    expect(Object.keys(body(put).errors ?? {})).toEqual(['requireTwoFactor']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ShopSettings/Security',
      headers: t.auth,
      payload: { requireTwoFactor: 'yes please' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})).toEqual(['requireTwoFactor']);
    await t.app.inject({ method: 'PUT', url: '/api/v1/ShopSettings/Security', headers: t.auth, payload: { requireTwoFactor: false } });
  });
});
