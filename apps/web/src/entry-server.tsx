// The server's renderer of the storefront's first screen (built by `vite build --ssr`, called by
// apps/server/src/first-screen/pages.ts for `/` and `/game/{id}`): the same components as the browser, with the data the
// server embeds as app-data and in the reader's language, so the page paints before any script has run and the
// browser only hydrates it (docs/decisions/0023-first-paint-on-a-phone.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@topup/contract/limits';
import { createQueryClient } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { withAppData, type AppData } from './lib/app-data';
import { i18nOptions, lazyBackend } from './lib/i18n';

export type { AppData };

/** One i18next instance per language, made once and never switched: concurrent requests share no language state. */
const translators = new Map<Language, I18n>();
function translatorFor(language: Language): I18n {
  let instance = translators.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(lazyBackend).init(i18nOptions(language));
    translators.set(language, instance);
  }
  return instance;
}

/**
 * React puts first the image preloads it would hoist into <head> (the header's logo, the first grid images). They are
 * dropped: the images are in the markup right after them, and the server already preloads the one that matters, the
 * largest image of the first screen, at high priority (first-screen/pages.ts); more preloads would only share its bandwidth.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload" [^>]*\/>)+/;

/**
 * The markup of the page at `url` (path and query), for inside <div id="root">. Throws when a part of the page could
 * not be rendered on the server (it would have waited on something): the caller then sends the empty shell.
 */
export async function renderPage(url: string, data: AppData, language: Language): Promise<string> {
  const { pathname } = new URL(url, 'http://localhost');
  await preloadRoute(pathname);
  const client = createQueryClient();
  const html = withAppData(data, url, () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={translatorFor(language)}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </I18nextProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  client.clear();
  // `<!--$!-->` marks a suspense boundary React left for the browser to render: not the first screen we promised.
  if (html.includes('<!--$!')) throw new Error(`part of ${pathname} suspended while rendering on the server`);
  return html.replace(LEADING_PRELOADS, '');
}
