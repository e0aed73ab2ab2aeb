// Staff in Burmese, in real Chromium: a refused sign-in answered by the server in Burmese, the dashboard's menus and
// dialogs in the Myanmar font, and the language menu that switches the page and stores the staff member's choice
// for live notices and mails.
import { describe, expect, it } from 'vitest';
import { apiLogin, burmeseTextWithoutMyanmarFont, E2E_ADMIN, newContext, openPage } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

describe('staff in Burmese', () => {
  it('reads the server’s refusal, the menus and dialogs in Burmese with the Myanmar font, and stores a language change', async () => {
    const context = await newContext(suite.browser, 'desktop');
    const page = await openPage(context);
    await page.goto(`${suite.url}/login`);
    await page.getByLabel('အီးမေးလ်').fill(E2E_ADMIN.email);
    await page.getByLabel('စကားဝှက်').fill('not-the-password');
    await page.getByRole('button', { name: 'ဝင်မည်' }).click();
    // The server's own message, in the page's language.
    await page.getByText('အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်။').waitFor();
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);

    await page.getByLabel('အီးမေးလ်').fill(E2E_ADMIN.email);
    await page.getByLabel('စကားဝှက်').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'ဝင်မည်' }).click();
    await page.waitForURL(`${suite.url}/dashboard`);
    await page.getByRole('heading', { name: 'ဒက်ရှ်ဘုတ်' }).waitFor();
    expect(await page.getByText('Platform').count()).toBe(0);
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);

    // The account menu (a portalled overlay).
    await page.getByRole('button', { name: `${E2E_ADMIN.email} ၏ အကောင့်မီနူး` }).click();
    await page.getByRole('menuitem', { name: 'စကားဝှက် ပြောင်းရန်' }).waitFor();
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A confirm dialog.
    await page.getByRole('link', { name: 'ဂိမ်း စာရင်း' }).click();
    await page.getByRole('button', { name: 'ဂိမ်း ထည့်မည်' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // English for this staff member: the page switches and the server keeps the choice.
    await page.getByTestId('staff-language-select').selectOption('en');
    await page.getByRole('link', { name: 'Game List' }).waitFor();
    const token = await apiLogin(suite.url);
    await expect
      .poll(async () => {
        const res = await fetch(`${suite.url}/api/v1/User/language`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { payLoad: { language: string } }).payLoad.language;
      })
      .toBe('en');
    await context.close();
  });
});
