// Home > section > subsection for the dashboard path; sections link to /dashboard/{section}.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

/** Section names per first path segment; an order's detail sits under Orders. */
const SECTIONS: Record<string, { key: string; parent?: string }> = {
  users: { key: 'users' },
  games: { key: 'games' },
  packages: { key: 'packages' },
  orders: { key: 'orders' },
  configsetting: { key: 'configSettings' },
  'change-password': { key: 'changePassword' },
  'order-detail': { key: 'orderDetail', parent: 'orders' },
  'payment-phones': { key: 'paymentPhones' },
  payments: { key: 'payments' },
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
  if (sub) crumbs.push({ label: decodeURIComponent(sub) });
  return crumbs;
}

export function Breadcrumb({ pathname }: { pathname: string }) {
  const { t } = useTranslation('dashboard');
  const crumbs = breadcrumbFor(pathname, t);
  return (
    <nav aria-label={t('breadcrumb.label')} className="min-w-0">
      <ol className="flex items-center gap-1 text-sm text-slate-600">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <Fragment key={`${i}-${c.label}`}>
              {i > 0 ? (
                <li aria-hidden className="text-slate-400">
                  <ChevronRight className="h-3.5 w-3.5" />
                </li>
              ) : null}
              <li className="truncate">
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
