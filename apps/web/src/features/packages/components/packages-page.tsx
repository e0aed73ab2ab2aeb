// /dashboard/packages: 'TokenPackages', 12 per page, Game Title, Package Title, Unit, Price, Currency,
// CanAddQuantity (Yes/No), Created At, Actions; the dialog and 'Delete TokenPackage?'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { PageHeader } from '../../../components/dashboard/page-header';
import { ResourceTable, type ResourceColumn } from '../../../components/dashboard/resource-table';
import { RowActions } from '../../../components/dashboard/row-actions';
import { useDeletePackage } from '../api/delete-package';
import { usePackages } from '../api/get-packages';
import { PackageFormDialog } from './package-form-dialog';

export function PackagesPage() {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const [currentPage, setCurrentPage] = useState(1);
  const list = usePackages({ currentPage, pageSize: PAGE_SIZE.tokenPackagesPage, searchTerm: '' });
  const del = useDeletePackage();
  const [editing, setEditing] = useState<TokenPackageDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TokenPackageDto | null>(null);

  function openForm(item: TokenPackageDto | null) {
    setEditing(item);
    setFormOpen(true);
  }

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
    {
      key: 'actions',
      header: t('packages.columns.actions'),
      cell: (p) => (
        <RowActions
          onEdit={() => openForm(p)}
          onDelete={() => {
            del.reset();
            setDeleting(p);
          }}
        />
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <PageHeader title={t('packages.title')} add={{ label: t('packages.add'), onClick: () => openForm(null) }} />
      <ResourceTable
        query={list}
        label={t('packages.title')}
        columns={columns}
        emptyText={t('packages.empty')}
        loadFailedText={t('packages.loadFailed')}
        onPage={setCurrentPage}
      />

      <PackageFormDialog open={formOpen} onOpenChange={setFormOpen} item={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('packages.deleteTitle')}
        description={t('packages.deleteBody')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('packages.deleteFailed')) : null}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
