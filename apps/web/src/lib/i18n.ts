// i18next with Burmese (mm, default) and English; the choice is kept in localStorage.app_language, and mirrored in a
// cookie of the same name so the server renders the first screen in it (docs/decisions/0023-first-paint-on-a-phone.md).
import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@topup/contract/limits';
import { lazyResources, resources } from '../locales/resources';

export const LANGUAGE_KEY = 'app_language';
/** A year: the cookie only repeats what localStorage keeps, and every load writes it again. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The server reads this cookie (apps/server/src/first-screen/page-language.ts) to render the page in the reader's language. */
function rememberLanguageForServer(lang: Language): void {
  if (typeof document === 'undefined') return;
  const cookie = `${LANGUAGE_KEY}=${lang}`;
  if (!document.cookie.split('; ').includes(cookie))
    document.cookie = `${cookie}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  rememberLanguageForServer(lang);
  void i18n.changeLanguage(lang);
}

/** Burmese pages declare lang="my" (the ISO code) so screen readers and fonts pick the right script. */
function applyDocumentLanguage(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'mm' ? 'my' : 'en';
}

/** Reads the lazily loaded namespaces (locales/resources.ts) as an i18next backend. */
export const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, done: (err: unknown, data: Record<string, unknown> | false) => void) {
    const load = lazyResources[ns]?.[lng as Language];
    if (!load) return done(null, {});
    load().then(
      (data) => done(null, data),
      (err: unknown) => done(err, false),
    );
  },
};

/** One configuration for the browser's instance and the server's (one instance per language, see entry-server.tsx). */
export function i18nOptions(lng: Language): InitOptions {
  return {
    resources,
    partialBundledLanguages: true,
    ns: Object.keys(resources.mm),
    initAsync: false,
    lng,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

void i18n.use(lazyBackend).use(initReactI18next).init(i18nOptions(storedLanguage()));
rememberLanguageForServer(i18n.language as Language);
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export default i18n;
