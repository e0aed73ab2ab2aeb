// The set-up every browser test file shares: the built server on a data folder of its own (harness.ts), Chromium,
// and on request the admin's API token or one page kept open for the whole file; all closed after the file.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiLogin, launchBrowser, newContext, openPage, startServer, type RunningServer } from './harness.ts';

export type BrowserSuite = {
  server: RunningServer;
  /** The server's base URL. */
  url: string;
  browser: Browser;
  /** The e2e admin's access token (with `apiToken`). */
  token: string;
  /** The file's shared context and page (with `page`). */
  context: BrowserContext;
  page: Page;
};

type Options = {
  /** The server's extra environment; a function when it is known only once earlier set-up ran. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Sign the e2e admin in through the API and keep the token. */
  apiToken?: boolean;
  /** Open one page for the whole file, phone- or desktop-sized, optionally starting in a language. */
  page?: { kind: 'phone' | 'desktop'; language?: 'en' | 'mm' };
};

/**
 * Registers the file's beforeAll and afterAll, and returns the suite: its fields are set once beforeAll ran, so read
 * them inside hooks and tests only. Hooks the file registers after this call run after the set-up.
 */
export function browserSuite(options: Options = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startServer(typeof options.env === 'function' ? options.env() : options.env);
    suite.url = suite.server.url;
    suite.browser = await launchBrowser();
    if (options.apiToken) suite.token = await apiLogin(suite.url);
    if (options.page) {
      suite.context = await newContext(suite.browser, options.page.kind);
      suite.page = await openPage(suite.context, options.page.language);
    }
  });
  afterAll(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
