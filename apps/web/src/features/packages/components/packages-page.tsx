// /dashboard/packages: 'TokenPackages', 12 per page, Game Title, Package Title, Unit, Price, Currency,
// CanAddQuantity (Yes/No), Created At, Actions; the dialog and 'Delete TokenPackage?'.
import { useTranslation } from 'react-i18next';
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
    { key: 'gameTitle', header: t('packages.columns.gameTitle'), cell: (p) => p.gameDto.title, className: 'whitespace-nowrap' },
    {
      key: 'packageTitle',
      header: t('packages.columns.packageTitle'),
      cell: (p) => (
        <span className="flex items-center gap-2">
          {p.packageImage ? <img src={p.packageImage} alt="" className="h-8 w-8 rounded object-cover" /> : null}
          <span>
            <span className="block font-medium">{p.tokenTitle}</span>
            <span className="block text-xs text-slate-600">{t(`paymentMethods.${p.paymentMethod}`)}</span>
          </span>
        </span>
      ),
    },
    { key: 'unit', header: t('packages.columns.unit'), cell: (p) => formatNumber(p.unit) },
    { key: 'price', header: t('packages.columns.price'), cell: (p) => formatNumber(p.price) },
    { key: 'currency', header: t('packages.columns.currency'), cell: (p) => p.currency },
    {
      key: 'canAddQuantity',
      header: t('packages.columns.canAddQuantity'),
      cell: (p) => (p.canAddQuantity ? t('common.yes') : t('common.no')),
    },
    {
      key: 'createdAt',
      header: t('packages.columns.createdAt'),
      cell: (p) => formatDateTime(p.createdDate),
      className: 'whitespace-nowrap',
    },
    page.actionsColumn(t('packages.columns.actions')),
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
