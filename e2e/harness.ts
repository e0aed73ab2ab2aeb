// Starts the built server (through built-server.ts) with its own DATA_DIR and the demo catalog, and Debian's Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { spawnBuiltServer } from './built-server.ts';

export const E2E_ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };

export type RunningServer = { url: string; dataDir: string; stop(): Promise<void>; logs: string[] };

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-e2e-'));
  const { url, child, logs } = await spawnBuiltServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ORDER_RATE_LIMIT: '1000',
    // Journeys run beside other test files on 2 cores: no load shedding here (apps/server/test/health.test.ts has it).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  return {
    url,
    dataDir,
    logs,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** A phone-sized context (360×740, touch) or a desktop one. */
export function newContext(browser: Browser, kind: 'phone' | 'desktop' = 'desktop'): Promise<BrowserContext> {
  return kind === 'phone'
    ? browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
    : browser.newContext({ viewport: { width: 1280, height: 800 } });
}

/**
 * A new page in `context` with the suites' 15 s default timeout. With `language`, the page starts in it (the
 * dashboard's stored choice), unless the test switches it later: the choice then survives navigations.
 */
export async function openPage(context: BrowserContext, language?: 'en' | 'mm'): Promise<Page> {
  if (language)
    await context.addInitScript((l) => localStorage.getItem('app_language') ?? localStorage.setItem('app_language', l), language);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Fills and sends the English sign-in form on the page it is on (`/login`), as the e2e admin unless told. */
export async function submitSignIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API and returns the admin's access token. */
export async function apiLogin(url: string, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed ${res.status}`);
  return ((await res.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
}

/**
 * Every element on the page holding Burmese text (text nodes, and the placeholder or value of form fields) whose
 * computed font family lacks the Myanmar font: each as "tag: text [font-family]". Empty when all is well.
 * Walks the whole document, so portalled overlays (dialogs, menus, toasts) are included.
 */
export function burmeseTextWithoutMyanmarFont(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const BURMESE = /[\u1000-\u109F]/;
    const bad: string[] = [];
    const check = (el: Element, text: string) => {
      const family = getComputedStyle(el).fontFamily;
      if (!family.includes('Noto Sans Myanmar')) bad.push(`${el.tagName.toLowerCase()}: ${text.trim().slice(0, 40)} [${family}]`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      if (BURMESE.test(text) && node.parentElement) check(node.parentElement, text);
    }
    for (const el of document.querySelectorAll('input, textarea')) {
      const field = el as HTMLInputElement;
      const text = `${field.placeholder} ${field.value}`;
      if (BURMESE.test(text)) check(el, text);
    }
    return bad;
  });
}

/** Places a PUBG Mobile order of the demo catalog through the API, as a buyer would, with a small PNG as the screenshot. */
export async function placeDemoOrder(
  url: string,
  inGameUserId: string,
  transactionNumber: string,
  colour = '#33aaff',
): Promise<{ id: string; code: string }> {
  const games = (await (await fetch(`${url}/api/v1/Game?pageSize=100`)).json()) as { payLoad: { items: { id: string; title: string }[] } };
  const gameId = games.payLoad.items.find((g) => g.title === 'PUBG Mobile')!.id;
  const detail = (await (await fetch(`${url}/api/v1/game/${gameId}`)).json()) as {
    payLoad: { tokenPackageDto: { id: string; price: number }[] };
  };
  const pkg = detail.payLoad.tokenPackageDto[0]!;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    inGameUserId,
    serverInfo: '',
    mobileNumber: '09123456789',
    tokenPackageId: pkg.id,
    quantity: '1',
    subTotal: String(pkg.price),
    transactionNumber,
  }))
    form.set(k, v);
  const png = await sharp({ create: { width: 120, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
  form.set('file_ScreenShot', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
  const res = await fetch(`${url}/api/v1/Order`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`placing an order answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { payLoad: { id: string; code: string } }).payLoad;
}
