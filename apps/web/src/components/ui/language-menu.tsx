// A language menu (Burmese, English), each language named in itself so it can be found whatever the page's language.
// The storefront header and the dashboard use it with their own labels and what a choice does.
import { LANGUAGES, type Language } from '@topup/contract/limits';

const NAMES: Record<Language, string> = { mm: 'မြန်မာ', en: 'English' };

export type LanguageMenuProps = {
  value: string;
  onChange: (language: Language) => void;
  /** Read by screen readers. */
  label: string;
  title?: string;
  /** Size and shape (height, rounding). */
  className?: string;
  testId: string;
  /** While true the menu takes no choice (the storefront, before its server-rendered markup is hydrated). */
  disabled?: boolean;
};

export function LanguageMenu({ value, onChange, label, title, className, testId, disabled }: LanguageMenuProps) {
  return (
    <label className="flex items-center gap-2 text-sm" title={title}>
      <span className="sr-only">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as Language)}
        // Plain concatenation: tailwind-merge would add kilobytes to the storefront's first load for one class list.
        className={`border border-slate-300 bg-white px-2 text-slate-900 focus:outline-2 focus:outline-indigo-600 ${className ?? ''}`}
        data-testid={testId}
        disabled={disabled}
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
