// Every namespace in both languages; i18n.test.ts fails when a key exists in one language only.
import mmCommon from './mm/common.json';
import enCommon from './en/common.json';

export const resources = {
  mm: { common: mmCommon },
  en: { common: enCommon },
} as const;
