// i18next with Burmese (mm, default) and English; the choice is kept in localStorage.app_language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@topup/contract/limits';
import { lazyResources, resources } from '../locales/resources';

export const LANGUAGE_KEY = 'app_language';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  void i18n.changeLanguage(lang);
}

/** Burmese pages declare lang="my" (the ISO code) so screen readers and fonts pick the right script. */
function applyDocumentLanguage(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'mm' ? 'my' : 'en';
}

/** Reads the lazily loaded namespaces (locales/resources.ts) as an i18next backend. */
const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, done: (err: unknown, data: Record<string, unknown> | false) => void) {
    const load = lazyResources[ns]?.[lng as Language];
    if (!load) return done(null, {});
    load().then((data) => done(null, data), (err: unknown) => done(err, false));
  },
};

void i18n.use(lazyBackend).use(initReactI18next).init({
  resources,
  partialBundledLanguages: true,
  ns: Object.keys(resources.mm),
  initAsync: false,
  lng: storedLanguage(),
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export default i18n;
