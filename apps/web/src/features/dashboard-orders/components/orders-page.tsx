// /dashboard/orders (spec §2): search, Clean Orders, the table of every order column with read rows dimmed and row
// numbers counting down from the total, View Detail (marks read, then opens) and Delete with confirmation.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckCircle2, Eye, Search, Trash2, X } from 'lucide-react';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { OrderDto } from '@topup/contract/orders';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { formatDateTime, formatNumber } from '../../../components/dashboard/format';
import { Pager } from '../../../components/dashboard/pager';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { cn } from '../../../lib/cn';
import { useDeleteOrder } from '../api/delete-order';
import { useOrders } from '../api/get-orders';
import { useMarkOrderRead } from '../api/mark-order-read';
import { CleanOrdersTools } from './clean-orders-tools';
import { OrderStatusBadge } from './order-status-badge';
import type { VerdictFilter as VerdictFilterValue } from '@topup/contract/verification';
import { useOrdersByVerdict } from '../../dashboard-verification/api/verification';
import { VerdictBadge } from '../../dashboard-verification/components/verdict-badge';
import { VerdictFilter } from '../../dashboard-verification/components/verdict-filter';

/** "No" of spec §2: the newest order of all has the highest number. */
export function rowNumber(totalCount: number, currentPage: number, pageSize: number, index: number): number {
  return totalCount - (currentPage - 1) * pageSize - index;
}

export function OrdersPage() {
  const { t } = useTranslation('dashboard');
  const { t: tv } = useTranslation('verification');
  const navigate = useNavigate();
  const [currentPage, setCurrentPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const [banner, setBanner] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OrderDto | null>(null);
  const [verdict, setVerdict] = useState<VerdictFilterValue | null>(null);
  const params = { currentPage, pageSize: PAGE_SIZE.admin, searchTerm };
  const all = useOrders(params);
  const byVerdict = useOrdersByVerdict(verdict, currentPage, PAGE_SIZE.admin);
  // A verdict filter lists by verdict alone (the search box applies to the full list).
  const orders = verdict ? byVerdict : all;
  const markRead = useMarkOrderRead();
  const del = useDeleteOrder();

  function search(e: FormEvent) {
    e.preventDefault();
    setSearchTerm(searchInput.trim());
    setCurrentPage(1);
  }

  async function viewDetail(order: OrderDto) {
    if (!order.isRead) {
      try {
        await markRead.mutateAsync(order.id);
      } catch (err) {
        // Spec §8: a failed mark-read is only logged; the detail still opens.
        console.warn('Failed to mark order read', err);
      }
    }
    void navigate(`/dashboard/order-detail/${order.id}`);
  }

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{t('orders.title')}</h1>

      {banner ? (
        <div role="status" className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
          <span className="flex-1">{banner}</span>
          <button type="button" onClick={() => setBanner(null)} aria-label={t('common.close')} className="rounded p-0.5 hover:bg-green-100">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" onSubmit={search} className="flex w-full max-w-md gap-2">
          <Input
            type="search"
            aria-label={t('orders.searchLabel')}
            placeholder={t('orders.searchPlaceholder')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            className="h-9"
          />
          <Button type="submit" size="sm" className="h-9 shrink-0 whitespace-nowrap">
            <Search className="h-4 w-4" aria-hidden />
            {t('orders.search')}
          </Button>
        </form>
        <VerdictFilter
          value={verdict}
          onChange={(v) => {
            setVerdict(v);
            setCurrentPage(1);
          }}
        />
        <CleanOrdersTools
          onCleaned={(message) => {
            setBanner(message);
            setCurrentPage(1);
          }}
        />
      </div>

      {orders.isPending ? (
        <LoadingScreen />
      ) : orders.isError ? (
        <ErrorScreen message={errorText(orders.error, t('orders.loadFailed'))} onReload={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('orders.empty')}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label={t('orders.title')} tabIndex={0}>
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-100 text-xs text-slate-700 uppercase">
                <tr>
                  {['no', 'code', 'inGameUserId', 'mobileNumber', 'game', 'tokenPackage', 'serverInfo', 'status', 'unit', 'quantity', 'price', 'transactionNumber', 'operatorBy', 'createdAt', 'updatedAt', 'actions'].map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                      {t(`orders.columns.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {tv('column')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((o, i) => (
                  <tr
                    key={o.id}
                    data-read={o.isRead}
                    className={cn('border-t border-slate-200', o.isRead ? 'bg-slate-100 text-slate-600' : 'bg-white font-medium text-slate-900')}
                  >
                    <td className="px-3 py-2">{rowNumber(orders.data.paging.totalCount, orders.data.paging.currentPage, orders.data.paging.pageSize, i)}</td>
                    <td className="px-3 py-2 font-mono whitespace-nowrap">{o.code}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{o.inGameUserId}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{o.mobileNumber}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{o.gameTitle}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{o.tokenPackageDto.tokenTitle}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{o.serverInfo || '—'}</td>
                    <td className="px-3 py-2">
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className="px-3 py-2">{formatNumber(o.tokenPackageDto.unit)}</td>
                    <td className="px-3 py-2">{o.quantity}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatNumber(o.subTotal || o.tokenPackageDto.price)} {o.tokenPackageDto.currency}
                    </td>
                    <td className="px-3 py-2 font-mono">{o.transactionNumber}</td>
                    <td className="px-3 py-2 whitespace-nowrap" data-testid="operator">
                      {o.userDto?.email ?? '—'}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.createdAt)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.updatedAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex gap-1">
                        <Button size="sm" variant="secondary" onClick={() => void viewDetail(o)} disabled={markRead.isPending && markRead.variables === o.id}>
                          <Eye className="h-4 w-4" aria-hidden />
                          {t('orders.viewDetail')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => {
                            del.reset();
                            setDeleting(o);
                          }}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                          {t('common.delete')}
                        </Button>
                      </div>
                    </td>
                    <td className="px-3 py-2">
                      <VerdictBadge verdict={o.verdict} isDuplicate={o.isDuplicate} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager paging={orders.data.paging} onPage={setCurrentPage} />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('orders.deleteTitle')}
        description={t('orders.deleteBody')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('orders.deleteFailed')) : null}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
