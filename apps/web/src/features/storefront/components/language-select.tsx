// The header's language choice (Burmese default, English), kept in localStorage.app_language by lib/i18n.
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@topup/contract/limits';
import { setLanguage } from '../../../lib/i18n';

const NAMES: Record<Language, string> = { mm: 'မြန်မာ', en: 'English' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation('storefront');
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('header.language')}</span>
      <select
        value={i18n.language}
        onChange={(e) => setLanguage(e.target.value as Language)}
        className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 focus:outline-2 focus:outline-indigo-600"
        data-testid="language-select"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang === 'mm' ? 'my' : 'en'}>
            {NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
