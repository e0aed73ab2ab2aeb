// The orders list from 640 px: every order column (read rows dimmed, row numbers counting down from the
// total), plus a selection box, the SLA clock and the row's actions. The keyboard cursor (j/k) rings its row.
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, Trash2, XCircle } from 'lucide-react';
import type { Paging } from '@topup/contract/envelope';
import type { OrderDto } from '@topup/contract/orders';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatNumber } from '../../../components/dashboard/format';
import { cn } from '../../../lib/cn';
import { VerdictBadge } from '../../dashboard-verification/components/verdict-badge';
import { SlaClock } from '../../dashboard-workbench/components/sla-clock';
import { OrderStatusBadge } from './order-status-badge';

/** What a row (or card) can do; the page owns the state behind it. */
export type OrderRowActions = {
  cursor: number | null;
  onCursor: (index: number) => void;
  rowRef: (index: number, el: HTMLElement | null) => void;
  isSelected: (id: string) => boolean;
  onSelect: (id: string, selected: boolean) => void;
  onOpen: (order: OrderDto) => void;
  onChange: (order: OrderDto, status: 'COMPLETED' | 'CANCELLED') => void;
  onDelete: (order: OrderDto) => void;
  opening: string | null;
};

/** What makes a table row or a card a stop of the j/k cursor: its ref, focusability and data attributes. */
export function cursorRowProps(actions: OrderRowActions, index: number, order: OrderDto) {
  return {
    ref: (el: HTMLElement | null) => actions.rowRef(index, el),
    tabIndex: -1,
    'data-order-row': index,
    'data-read': order.isRead,
    'data-cursor': actions.cursor === index || undefined,
    onFocus: (e: FocusEvent<HTMLElement>) => e.target === e.currentTarget && actions.onCursor(index),
  };
}

/** The box that selects an order for a bulk action, named by the order's code. */
export function SelectOrderBox({ order, actions, className }: { order: OrderDto; actions: OrderRowActions; className: string }) {
  const { t } = useTranslation('workbench');
  return (
    <input
      type="checkbox"
      checked={actions.isSelected(order.id)}
      onChange={(e) => actions.onSelect(order.id, e.target.checked)}
      aria-label={t('bulk.selectOrder', { code: order.code ?? order.id })}
      className={className}
    />
  );
}

/** The "No" column: the newest order of all has the highest number. */
export function rowNumber(totalCount: number, currentPage: number, pageSize: number, index: number): number {
  return totalCount - (currentPage - 1) * pageSize - index;
}

const COLUMNS = ['no', 'code', 'inGameUserId', 'mobileNumber', 'game', 'tokenPackage', 'serverInfo', 'status', 'unit', 'quantity', 'price', 'transactionNumber', 'operatorBy', 'createdAt', 'updatedAt', 'actions'];

type Props = {
  items: OrderDto[];
  paging: Paging;
  actions: OrderRowActions;
  pageSelected: boolean;
  onSelectPage: (selected: boolean) => void;
};

export function OrdersTable({ items, paging, actions, pageSelected, onSelectPage }: Props) {
  const { t } = useTranslation('dashboard');
  const { t: tv } = useTranslation('verification');
  const { t: tw } = useTranslation('workbench');
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label={t('orders.title')} tabIndex={0}>
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-100 text-xs text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              <input
                type="checkbox"
                checked={pageSelected}
                onChange={(e) => onSelectPage(e.target.checked)}
                aria-label={tw('bulk.selectPage')}
                className="h-4 w-4 accent-indigo-600"
              />
            </th>
            {COLUMNS.slice(0, 2).map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {t(`orders.columns.${c}`)}
              </th>
            ))}
            {/* How long it has waited comes first after the code: it is what staff sort their work by. */}
            <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
              {tw('sla.column')}
            </th>
            {COLUMNS.slice(2).map((c) => (
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
          {items.map((o, i) => (
            <tr
              key={o.id}
              {...cursorRowProps(actions, i, o)}
              className={cn(
                'border-t border-slate-200 outline-none',
                o.isRead ? 'bg-slate-100 text-slate-600' : 'bg-white font-medium text-slate-900',
                actions.cursor === i && 'outline-2 -outline-offset-2 outline-indigo-500',
              )}
            >
              <td className="px-3 py-2">
                <SelectOrderBox order={o} actions={actions} className="h-4 w-4 accent-indigo-600" />
              </td>
              <td className="px-3 py-2">{rowNumber(paging.totalCount, paging.currentPage, paging.pageSize, i)}</td>
              <td className="px-3 py-2 font-mono whitespace-nowrap">{o.code}</td>
              <td className="px-3 py-2">
                <SlaClock order={o} />
              </td>
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
                  <Button size="sm" variant="secondary" onClick={() => actions.onOpen(o)} disabled={actions.opening === o.id}>
                    <Eye className="h-4 w-4" aria-hidden />
                    {t('orders.viewDetail')}
                  </Button>
                  {o.status === 'PENDING' ? (
                    <>
                      <Button size="sm" variant="ghost" className="text-green-800 hover:bg-green-50" onClick={() => actions.onChange(o, 'COMPLETED')}>
                        <CheckCircle2 className="h-4 w-4" aria-hidden />
                        {tw('row.complete')}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => actions.onChange(o, 'CANCELLED')}>
                        <XCircle className="h-4 w-4" aria-hidden />
                        {tw('row.cancel')}
                      </Button>
                    </>
                  ) : null}
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => actions.onDelete(o)}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                    {t('common.delete')}
                  </Button>
                </div>
              </td>
              <td className="px-3 py-2">
                <VerdictBadge verdict={o.verdict} isDuplicate={o.isDuplicate} placedAt={o.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
