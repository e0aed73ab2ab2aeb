// /dashboard/configsetting: Payment Name, Phone, Order Index, Actions; 'Add ConfigSetting' only while
// fewer than 4 exist; the dialog; 'Delete ConfigSetting?'. A created account appears in place (docs/decisions/0015).
// Each account can be paused (a wallet at its daily limit) and activated again; the server says why when it refuses.
import { useTranslation } from 'react-i18next';
import { MAX_PAYMENT_ACCOUNTS, PAGE_SIZE } from '@topup/contract/limits';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { errorText } from '../../../components/dashboard/form-error';
import { ResourcePage, useResourcePage } from '../../../components/dashboard/resource-page';
import type { ResourceColumn } from '../../../components/dashboard/resource-table';
import { useDeletePaymentAccount } from '../api/delete-payment-account';
import { useUpdatePaymentAccount } from '../api/update-payment-account';
import { Button } from '../../../components/ui/button';
import { usePaymentAccounts } from '../api/get-payment-accounts';
import { PaymentAccountFormDialog } from './payment-account-form-dialog';

export function PaymentAccountsPage() {
  const { t } = useTranslation('dashboard');
  const page = useResourcePage<PaymentAccountDto>({ remove: useDeletePaymentAccount() });
  const list = usePaymentAccounts({ currentPage: page.currentPage, pageSize: PAGE_SIZE.paymentAccounts, searchTerm: '' });
  const toggle = useUpdatePaymentAccount();
  const { t: owner } = useTranslation('owner');
  const canAdd = list.isSuccess && list.data.paging.totalCount < MAX_PAYMENT_ACCOUNTS;

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
    page.actionsColumn(t('configSettings.columns.actions')),
  ];

  return (
    <ResourcePage
      page={page}
      query={list}
      columns={columns}
      canAdd={canAdd}
      texts={{
        title: t('configSettings.title'),
        add: t('configSettings.add'),
        empty: t('configSettings.empty'),
        loadFailed: t('configSettings.loadFailed'),
        delete: { title: t('configSettings.deleteTitle'), body: t('configSettings.deleteBody'), failed: t('configSettings.deleteFailed') },
      }}
      notice={
        toggle.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {errorText(toggle.error, owner('paymentAccounts.toggleFailed'))}
          </p>
        ) : null
      }
      renderForm={({ editing, ...form }) => <PaymentAccountFormDialog {...form} item={editing} />}
    />
  );
}
