// Home > section > subsection for the dashboard path; sections link to /dashboard/{section}.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Section names per first path segment; an order's detail sits under Orders. */
/** `subKey`: the name of a page below the section (its id in the path says nothing to a person). */
const SECTIONS: Record<string, { key: string; parent?: string; subKey?: string }> = {
  users: { key: 'users' },
  games: { key: 'games' },
  packages: { key: 'packages' },
  orders: { key: 'orders' },
  configsetting: { key: 'configSettings' },
  'change-password': { key: 'changePassword' },
  'order-detail': { key: 'orderDetail', parent: 'orders' },
  settings: { key: 'settings' },
  'two-factor': { key: 'twoFactor' },
  'payment-phones': { key: 'paymentPhones' },
  payments: { key: 'payments' },
  'code-stock': { key: 'codeStock', subKey: 'packageDelivery' },
  'auto-delivery': { key: 'autoDelivery' },
};

export type Crumb = { label: string; to?: string };

export function breadcrumbFor(pathname: string, t: (key: string) => string): Crumb[] {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean).slice(1); // drop "dashboard"
  const crumbs: Crumb[] = [{ label: t('breadcrumb.home'), to: '/dashboard' }];
  const [section, sub] = parts;
  if (!section) return crumbs;
  const known = SECTIONS[section.toLowerCase()];
  if (known?.parent) {
    crumbs.push({ label: t(`breadcrumb.${SECTIONS[known.parent]!.key}`), to: `/dashboard/${known.parent}` });
    crumbs.push({ label: t(`breadcrumb.${known.key}`) });
    return crumbs;
  }
  crumbs.push({ label: known ? t(`breadcrumb.${known.key}`) : decodeURIComponent(section), to: `/dashboard/${section}` });
  if (sub) crumbs.push({ label: known?.subKey ? t(`breadcrumb.${known.subKey}`) : decodeURIComponent(sub) });
  return crumbs;
}

export function Breadcrumb({ pathname }: { pathname: string }) {
  const { t } = useTranslation('dashboard');
  const crumbs = breadcrumbFor(pathname, t);
  return (
    <nav aria-label={t('breadcrumb.label')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-slate-600">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          // Whole words only: the crumbs before the page keep their width (on a phone the first of three is left
          // out), and only the page's own name is cut, with "…", when even that does not fit.
          const hiddenOnPhone = crumbs.length > 2 && i === 0;
          return (
            <Fragment key={`${i}-${c.label}`}>
              {i > 0 ? (
                <li aria-hidden className={cn('shrink-0 text-slate-400', crumbs.length > 2 && i === 1 && 'hidden sm:block')}>
                  <ChevronRight className="h-3.5 w-3.5" />
                </li>
              ) : null}
              <li className={cn(last ? 'min-w-0 truncate' : 'shrink-0 whitespace-nowrap', hiddenOnPhone && 'hidden sm:block')}>
                {last ? (
                  <span aria-current="page" className="font-medium text-slate-900">
                    {c.label}
                  </span>
                ) : (
                  <Link to={c.to!} className="hover:text-slate-900 hover:underline">
                    {c.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
