// /dashboard/packages: 'TokenPackages', 12 per page, Game Title, Package Title, Unit, Price, Currency,
// CanAddQuantity (Yes/No), Created At, Actions; the dialog and 'Delete TokenPackage?'. On a phone a row is the package
// (its game under its title), its price with its currency and its actions; the other columns show from 640 px.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeySquare } from 'lucide-react';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { ResourcePage, useResourcePage } from '../../../components/dashboard/resource-page';
import type { ResourceColumn } from '../../../components/dashboard/resource-table';
import { useDeletePackage } from '../api/delete-package';
import { usePackages } from '../api/get-packages';
import { PackageFormDialog } from './package-form-dialog';

export function PackagesPage() {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const page = useResourcePage<TokenPackageDto>({ remove: useDeletePackage() });
  const list = usePackages({ currentPage: page.currentPage, pageSize: PAGE_SIZE.tokenPackagesPage, searchTerm: '' });

  const columns: ResourceColumn<TokenPackageDto>[] = [
    {
      key: 'gameTitle',
      header: t('packages.columns.gameTitle'),
      cell: (p) => p.gameDto.title,
      className: 'whitespace-nowrap',
      wideOnly: true,
    },
    {
      key: 'packageTitle',
      header: t('packages.columns.packageTitle'),
      cell: (p) => (
        <span className="flex items-center gap-2">
          {p.packageImage ? <img src={p.packageImage} alt="" className="h-8 w-8 shrink-0 rounded object-cover" /> : null}
          <span className="min-w-0">
            <span className="block text-xs text-slate-600 sm:hidden">{p.gameDto.title}</span>
            <span className="block font-medium">{p.tokenTitle}</span>
            <span className="block text-xs text-slate-600">{t(`paymentMethods.${p.paymentMethod}`)}</span>
            {p.isCodeProduct || p.autoDelivery ? (
              <span className="mt-0.5 flex flex-wrap gap-1" data-testid="delivery-badges">
                {p.isCodeProduct ? (
                  <span className="rounded-full bg-indigo-100 px-2 text-xs text-indigo-900">{t('packages.codeBadge')}</span>
                ) : null}
                {p.autoDelivery ? (
                  <span className="rounded-full bg-emerald-100 px-2 text-xs text-emerald-900">{t('packages.autoBadge')}</span>
                ) : null}
              </span>
            ) : null}
          </span>
        </span>
      ),
    },
    { key: 'unit', header: t('packages.columns.unit'), cell: (p) => formatNumber(p.unit), wideOnly: true },
    {
      key: 'price',
      header: t('packages.columns.price'),
      // On a phone the currency column is hidden: the currency follows the price, on its line or under it.
      cell: (p) => (
        <>
          <span className="whitespace-nowrap">{formatNumber(p.price)}</span>
          <span className="sm:hidden"> {p.currency}</span>
        </>
      ),
    },
    { key: 'currency', header: t('packages.columns.currency'), cell: (p) => p.currency, wideOnly: true },
    {
      key: 'canAddQuantity',
      header: t('packages.columns.canAddQuantity'),
      cell: (p) => (p.canAddQuantity ? t('common.yes') : t('common.no')),
      wideOnly: true,
    },
    {
      key: 'createdAt',
      header: t('packages.columns.createdAt'),
      cell: (p) => formatDateTime(p.createdDate),
      className: 'whitespace-nowrap',
      wideOnly: true,
    },
    withDeliveryLink(page.actionsColumn(t('packages.columns.actions'))),
  ];

  return (
    <ResourcePage
      page={page}
      query={list}
      columns={columns}
      texts={{
        title: t('packages.title'),
        add: t('packages.add'),
        empty: t('packages.empty'),
        loadFailed: t('packages.loadFailed'),
        delete: { title: t('packages.deleteTitle'), body: t('packages.deleteBody'), failed: t('packages.deleteFailed') },
      }}
      renderForm={({ editing, ...form }) => <PackageFormDialog {...form} item={editing} />}
    />
  );
}

/** Code stock and automatic completion live on the package's own page (features/code-stock): a link before Edit. */
function withDeliveryLink(actions: ResourceColumn<TokenPackageDto>): ResourceColumn<TokenPackageDto> {
  return { ...actions, cell: (p) => <DeliveryActions item={p}>{actions.cell(p)}</DeliveryActions> };
}

function DeliveryActions({ item, children }: { item: TokenPackageDto; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex gap-1">
      <Link
        to={`/dashboard/code-stock/${item.id}`}
        state={{ title: `${item.gameDto.title} – ${item.tokenTitle}` }}
        title={t('packages.delivery')}
        className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
      >
        <KeySquare className="h-4 w-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">{t('packages.delivery')}</span>
      </Link>
      {children}
    </div>
  );
}
