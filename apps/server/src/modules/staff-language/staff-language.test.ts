// A staff member's language: chosen through the API, it decides the language of their live notices (over the
// official SignalR client, two admins in two languages at once, switching while connected) and of the notification
// list's texts (the same choice; without one, the language the dashboard asks in).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { FAST, connectClient, createPackage, listen, placeOrder, waitFor, type Client } from '../../realtime/hub.fixtures.ts';

const MYANMAR = /[\u1000-\u109F]/;
let t: TestApp;
let base: string;
let packageId: string;
const clients: Client[] = [];
const second = { email: 'english-staff@test.local', password: 'english-password-1' };
let secondToken: string;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
  t = await buildTestApp({}, { build: { hub: FAST, webDir } });
  base = await listen(t);
  packageId = await createPackage(t, 'Crystals');
  await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: second });
  secondToken = (await login(t.app, second.email, second.password)).accessToken;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await t?.close();
});

const setLanguage = (token: string, language: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/User/language', payload: { language }, headers: { authorization: `Bearer ${token}` } });

describe('staff language', () => {
  it('is stored per user, read back, and refuses anything but mm and en', async () => {
    expect((await setLanguage(secondToken, 'en')).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/User/language', headers: { authorization: `Bearer ${secondToken}` } });
    expect(body(read).payLoad).toEqual({ language: 'en' });
    const bad = await setLanguage(secondToken, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errorCodes).toEqual({ language: ['unknownLanguage'] });
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/User/language', payload: { language: 'en' } })).statusCode).toBe(401);
  });

  it('sends each admin the live notice in their own language, and follows a change while connected', async () => {
    expect((await setLanguage(t.tokens.accessToken, 'mm')).statusCode).toBe(200);
    const burmese = await connectClient(base, HttpTransportType.WebSockets, () => t.tokens.accessToken);
    const english = await connectClient(base, HttpTransportType.LongPolling, () => secondToken);
    clients.push(burmese, english);

    const first = await placeOrder(t, packageId, 'lang-1');
    await waitFor(() => burmese.notifications.length >= 1 && english.notifications.length >= 1, 'both notices');
    expect(burmese.notifications[0]).toMatchObject({ orderId: first.id });
    expect(burmese.notifications[0]!.message).toMatch(MYANMAR);
    expect(burmese.notifications[0]!.message).toContain('Crystals');
    // The order's tracking code follows "New order" when the order has one.
    expect(english.notifications[0]!.message).toMatch(/^New order( [A-Z0-9]+)?: Hub Test Game – Crystals ×1$/);

    expect((await setLanguage(secondToken, 'mm')).statusCode).toBe(200);
    await placeOrder(t, packageId, 'lang-2');
    await waitFor(() => english.notifications.length >= 2, 'the second notice');
    expect(english.notifications[1]!.message).toMatch(MYANMAR);
  });

  it("gives the notification list in the staff member's own language, as the hub does; without a choice, as asked", async () => {
    type Items = { items: Array<{ message: string }> };
    const list = (token: string, language: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/Order/notification-list?pageSize=100000',
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
    // The owner chose Burmese (above): an English browser still gets the words the hub sends them.
    const owner = body<Items>(await list(t.tokens.accessToken, 'en')).payLoad.items;
    expect(owner.length).toBeGreaterThan(0);
    for (const n of owner) expect(n.message).toMatch(MYANMAR);
    expect((await setLanguage(secondToken, 'en')).statusCode).toBe(200);
    for (const n of body<Items>(await list(secondToken, 'my')).payLoad.items) expect(n.message).toMatch(/^New order( [A-Z0-9]+)?: /);
    // Nobody has chosen: the list follows the request, as before.
    await t.app.ctx.db.updateTable('users').set({ language: null }).execute();
    for (const n of body<Items>(await list(secondToken, 'mm')).payLoad.items) expect(n.message).toMatch(MYANMAR);
    for (const n of body<Items>(await list(secondToken, 'en')).payLoad.items) expect(n.message).toMatch(/^New order( [A-Z0-9]+)?: /);
  });
});
