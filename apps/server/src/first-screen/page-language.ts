// Which language a page is written in: its meta text may follow the browser, its markup only the reader's choice.
import { languageFromHeader, type Language } from '@topup/contract/messages';
import type { FastifyRequest } from 'fastify';

/**
 * The language of the page's meta text (link previews, search results): English when the browser prefers it,
 * else Burmese, the storefront's default (crawlers often send no Accept-Language).
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = chosenLanguage(request);
  if (chosen) return chosen;
  return request.headers['accept-language'] && languageFromHeader(request.headers['accept-language']) === 'en' ? 'en' : 'mm';
}

/**
 * The language of the server-rendered markup: the reader's choice, which the web app mirrors from localStorage into
 * the `app_language` cookie (apps/web/src/lib/i18n.ts); else Burmese, the app's default. Not Accept-Language: the
 * app itself doesn't follow it, and the browser would have to re-render a page in another language than its own.
 */
export function markupLanguage(request: FastifyRequest): Language {
  return chosenLanguage(request) ?? 'mm';
}

/** The language the reader chose in the app (the `app_language` cookie), if any. */
function chosenLanguage(request: FastifyRequest): Language | null {
  const value = /(?:^|;\s*)app_language=(mm|en)(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  return value === 'mm' || value === 'en' ? value : null;
}
