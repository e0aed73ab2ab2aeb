// The dashboard's language choice: switches the page at once and stores it on the server, so live order notices
// and mails reach this staff member in the same language. The page's language is stored once on arrival too: the
// language a staff member works the dashboard in is the one they read notices in.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@topup/contract/limits';
import { LanguageMenu } from '../../../components/ui/language-menu';
import { setLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSetStaffLanguage } from '../api/set-staff-language';

export function StaffLanguageSelect() {
  const { t, i18n } = useTranslation('language');
  const save = useSetStaffLanguage();
  const { mutate } = save;
  useEffect(() => {
    mutate(i18n.language === 'en' ? 'en' : 'mm', { onError: (err) => console.warn('Could not store the staff language', err) });
    // Once per dashboard visit; later changes go through change() below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const change = (language: Language) => {
    setLanguage(language);
    save.mutate(language, { onError: () => void showToast('error', i18n.t('language:saveFailed'), 5000) });
  };
  return (
    <LanguageMenu
      value={i18n.language}
      onChange={change}
      label={t('label')}
      title={t('hint')}
      className="h-9 rounded-md"
      testId="staff-language-select"
    />
  );
}
