// Every namespace in both languages; i18n.test.ts fails when a key exists in one language only.
import mmCommon from './mm/common.json';
import enCommon from './en/common.json';
import mmStorefront from './mm/storefront.json';
import enStorefront from './en/storefront.json';

export const resources = {
  mm: { common: mmCommon, storefront: mmStorefront },
  en: { common: enCommon, storefront: enStorefront },
} as const;

/**
 * Namespaces fetched with the code that uses them, not bundled with the entry: a buyer's phone never downloads the
 * dashboard's texts (docs/decisions/0011-storefront-js-budget.md). `useTranslation('dashboard')` suspends until loaded.
 */
export const lazyResources: Record<string, Record<'mm' | 'en', () => Promise<Record<string, unknown>>>> = {
  dashboard: {
    mm: () => import('./mm/dashboard.json').then((m) => m.default),
    en: () => import('./en/dashboard.json').then((m) => m.default),
  },
  owner: {
    mm: () => import('./mm/owner.json').then((m) => m.default),
    en: () => import('./en/owner.json').then((m) => m.default),
  },
  tracking: {
    mm: () => import('./mm/tracking.json').then((m) => m.default),
    en: () => import('./en/tracking.json').then((m) => m.default),
  },
  language: {
    mm: () => import('./mm/language.json').then((m) => m.default),
    en: () => import('./en/language.json').then((m) => m.default),
  },
  verification: {
    mm: () => import('./mm/verification.json').then((m) => m.default),
    en: () => import('./en/verification.json').then((m) => m.default),
  },
  workbench: {
    mm: () => import('./mm/workbench.json').then((m) => m.default),
    en: () => import('./en/workbench.json').then((m) => m.default),
  },
  alerts: {
    mm: () => import('./mm/alerts.json').then((m) => m.default),
    en: () => import('./en/alerts.json').then((m) => m.default),
  },
  delivery: {
    mm: () => import('./mm/delivery.json').then((m) => m.default),
    en: () => import('./en/delivery.json').then((m) => m.default),
  },
  payments: {
    mm: () => import('./mm/payments.json').then((m) => m.default),
    en: () => import('./en/payments.json').then((m) => m.default),
  },
};
