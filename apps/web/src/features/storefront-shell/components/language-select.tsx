// The header's language choice (Burmese default, English), kept in localStorage.app_language by lib/i18n.
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../../components/ui/language-menu';
import { setLanguage } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';

export function LanguageSelect() {
  const { t, i18n } = useTranslation('storefront');
  // In server-rendered markup the menu waits for the app: a choice made before hydration would change nothing.
  const hydrated = useHydrated();
  return (
    <LanguageMenu
      value={i18n.language}
      onChange={setLanguage}
      label={t('header.language')}
      className="h-10 rounded-lg"
      testId="language-select"
      disabled={!hydrated}
    />
  );
}
