// /dashboard/configsetting: Payment Name, Phone, Order Index, Actions; 'Add ConfigSetting' only while
// fewer than 4 exist; the dialog; 'Delete ConfigSetting?'. A created account appears in place (docs/decisions/0015).
// Each account can be paused (a wallet at its daily limit) and activated again; the server says why when it refuses.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAYMENT_ACCOUNTS, PAGE_SIZE } from '@topup/contract/limits';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { PageHeader } from '../../../components/dashboard/page-header';
import { ResourceTable, type ResourceColumn } from '../../../components/dashboard/resource-table';
import { RowActions } from '../../../components/dashboard/row-actions';
import { useDeleteConfigSetting } from '../api/delete-payment-account';
import { useUpdateConfigSetting } from '../api/update-payment-account';
import { Button } from '../../../components/ui/button';
import { useConfigSettings } from '../api/get-payment-accounts';
import { ConfigSettingFormDialog } from './payment-account-form-dialog';

export function ConfigSettingsPage() {
  const { t } = useTranslation('dashboard');
  const [currentPage, setCurrentPage] = useState(1);
  const list = useConfigSettings({ currentPage, pageSize: PAGE_SIZE.paymentAccounts, searchTerm: '' });
  const del = useDeleteConfigSetting();
  const toggle = useUpdateConfigSetting();
  const { t: owner } = useTranslation('owner');
  const [editing, setEditing] = useState<PaymentAccountDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<PaymentAccountDto | null>(null);
  const canAdd = list.isSuccess && list.data.paging.totalCount < MAX_PAYMENT_ACCOUNTS;

  function openForm(item: PaymentAccountDto | null) {
    setEditing(item);
    setFormOpen(true);
  }

  const columns: ResourceColumn<PaymentAccountDto>[] = [
    {
      key: 'paymentName',
      header: t('configSettings.columns.paymentName'),
      cell: (c) => (
        <span className="flex items-center gap-2">
          {c.logo ? <img src={c.logo} alt="" className="h-8 w-8 rounded object-cover" /> : null}
          <span className="font-medium">{c.paymentName}</span>
        </span>
      ),
    },
    {
      key: 'phone',
      header: t('configSettings.columns.phone'),
      cell: (c) => (
        <span>
          <span className="block">{c.phone}</span>
          {c.holderName ? <span className="block text-xs text-slate-600">{c.holderName}</span> : null}
        </span>
      ),
    },
    {
      key: 'paymentMethod',
      header: owner('paymentAccounts.method'),
      cell: (c) => owner(`paymentAccounts.methods.${c.paymentMethod ?? 'NORMAL'}`),
    },
    { key: 'orderIndex', header: t('configSettings.columns.orderIndex'), cell: (c) => c.orderIndex },
    {
      key: 'isActive',
      header: owner('paymentAccounts.status'),
      cell: (c) => (
        <span className="flex items-center gap-2">
          <span className={c.isActive ? 'text-green-700' : 'text-slate-500'}>
            {c.isActive ? owner('paymentAccounts.active') : owner('paymentAccounts.paused')}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={toggle.isPending}
            onClick={() =>
              toggle.mutate({
                id: c.id,
                values: { paymentName: c.paymentName, phone: c.phone, orderIndex: c.orderIndex, logo: null, isActive: !c.isActive },
              })
            }
          >
            {c.isActive ? owner('paymentAccounts.pause') : owner('paymentAccounts.activate')}
          </Button>
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('configSettings.columns.actions'),
      cell: (c) => (
        <RowActions
          onEdit={() => openForm(c)}
          onDelete={() => {
            del.reset();
            setDeleting(c);
          }}
        />
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <PageHeader
        title={t('configSettings.title')}
        add={canAdd ? { label: t('configSettings.add'), onClick: () => openForm(null) } : undefined}
      />
      {toggle.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorText(toggle.error, owner('paymentAccounts.toggleFailed'))}
        </p>
      ) : null}
      <ResourceTable
        query={list}
        label={t('configSettings.title')}
        columns={columns}
        emptyText={t('configSettings.empty')}
        loadFailedText={t('configSettings.loadFailed')}
        onPage={setCurrentPage}
      />

      <ConfigSettingFormDialog open={formOpen} onOpenChange={setFormOpen} item={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('configSettings.deleteTitle')}
        description={t('configSettings.deleteBody')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('configSettings.deleteFailed')) : null}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
