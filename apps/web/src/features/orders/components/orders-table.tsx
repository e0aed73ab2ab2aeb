// The orders list from 640 px: the order's columns grouped so the verdict and the actions stay on screen
// (read rows dimmed, row numbers counting down from the total), a selection box, the SLA clock and the row's actions.
// Below 1024 px (a 470–970 px area) four columns: the buyer joins the order, the verdict joins amount and status,
// and the action icons wrap two by two. The keyboard cursor (j/k) tints and rings its row.
import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, Trash2, XCircle } from 'lucide-react';
import type { Paging } from '@topup/contract/envelope';
import type { OrderDto } from '@topup/contract/orders';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { VerdictBadge } from './verdict-badge';
import { SlaClock } from './sla-clock';
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
  /** Absent for staff: deleting an order is for owners. */
  onDelete?: (order: OrderDto) => void;
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

type Props = {
  items: OrderDto[];
  paging: Paging;
  actions: OrderRowActions;
  pageSelected: boolean;
  onSelectPage: (selected: boolean) => void;
};

/** One line that never wraps mid-token: cut with "…" when the column is narrow, the whole text on hover. */
function Line({ children, className }: { children: string; className?: string }) {
  return (
    <span className={cn('block truncate', className)} title={children}>
      {children}
    </span>
  );
}

const TH = 'px-2 py-2 font-semibold whitespace-nowrap';
const TD = 'px-2 py-2 align-top';

/**
 * The order's columns grouped into a few that fit a 720 px area (a 1024 px screen beside the sidebar) without scrolling
 * sideways: order (code, number, waiting time), buyer and package, amount and status, the verdict, and the actions,
 * always on screen. Long values are cut with "…" and shown whole on hover and on the detail page.
 */
export function OrdersTable({ items, paging, actions, pageSelected, onSelectPage }: Props) {
  const { t } = useTranslation('dashboard');
  const { t: tv } = useTranslation('verification');
  const { t: tw } = useTranslation('workbench');
  const formatDate = useFormatDateTime();
  // Chosen in script rather than by CSS so each value is in the page once (no hidden copies for tests or readers).
  const compact = useMediaQuery('(max-width: 1023px)');
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label={t('orders.title')}
      tabIndex={0}
      data-testid="orders-table"
    >
      <table className={cn('w-full table-fixed text-left text-sm', !compact && 'min-w-[44rem]')}>
        <colgroup>
          <col className="w-10" />
          {compact ? (
            <>
              <col />
              <col className="w-36" />
              <col className="w-24" />
            </>
          ) : (
            <>
              <col className="w-36" />
              <col />
              <col className="w-32" />
              <col className="w-28" />
              <col className={actions.onDelete ? 'w-44' : 'w-36'} />
            </>
          )}
        </colgroup>
        <thead className="bg-slate-100 text-xs text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2">
              <input
                type="checkbox"
                checked={pageSelected}
                onChange={(e) => onSelectPage(e.target.checked)}
                aria-label={tw('bulk.selectPage')}
                className="h-4 w-4 accent-indigo-600"
              />
            </th>
            <th scope="col" className={cn(TH, 'truncate')}>
              {t('orders.columns.code')} · {tw('sla.column')}
              {compact ? ` · ${t('orders.columns.inGameUserId')}` : null}
            </th>
            {compact ? null : (
              <th scope="col" className={TH}>
                {t('orders.columns.inGameUserId')} · {t('orders.columns.tokenPackage')}
              </th>
            )}
            <th scope="col" className={cn(TH, 'truncate')}>
              {t('orders.columns.price')} · {t('orders.columns.status')}
              {compact ? ` · ${tv('column')}` : null}
            </th>
            {compact ? null : (
              <th scope="col" className={TH}>
                {tv('column')}
              </th>
            )}
            <th scope="col" className={cn(TH, 'truncate')} title={t('orders.columns.actions')}>
              {t('orders.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((o, i) => {
            const pkg = o.tokenPackageDto;
            const onCursor = actions.cursor === i;
            return (
              <tr
                key={o.id}
                {...cursorRowProps(actions, i, o)}
                aria-current={onCursor || undefined}
                className={cn(
                  'border-t border-slate-200 outline-none',
                  o.isRead ? 'bg-slate-100 text-slate-600' : 'bg-white font-medium text-slate-900',
                  // The j/k cursor: a tinted row, a thick bar on its left and a ring, visible at a glance.
                  onCursor &&
                    'bg-indigo-50 shadow-[inset_5px_0_0_0_var(--color-indigo-600)] outline-2 -outline-offset-2 outline-indigo-600 outline-solid',
                )}
              >
                <td className={TD}>
                  <SelectOrderBox order={o} actions={actions} className="h-4 w-4 accent-indigo-600" />
                </td>
                <td className={TD}>
                  <Line className="font-mono">{o.code ?? '—'}</Line>
                  <span className="block text-xs whitespace-nowrap text-slate-600">
                    {t('orders.columns.no')} {rowNumber(paging.totalCount, paging.currentPage, paging.pageSize, i)}
                  </span>
                  <span className="mt-1 block">
                    {o.status === 'PENDING' ? (
                      <SlaClock order={o} />
                    ) : (
                      <span className="text-xs whitespace-nowrap text-slate-600">{formatDate(o.createdAt)}</span>
                    )}
                  </span>
                  {compact ? (
                    <span className="mt-1 block">
                      <BuyerLines order={o} />
                    </span>
                  ) : null}
                </td>
                {compact ? null : (
                  <td className={TD}>
                    <BuyerLines order={o} />
                  </td>
                )}
                <td className={TD}>
                  <span className="block whitespace-nowrap">
                    {formatNumber(o.subTotal || pkg.price)} {pkg.currency}
                  </span>
                  <span className="mt-1 block">
                    <OrderStatusBadge status={o.status} />
                  </span>
                  <span className="block truncate text-xs text-slate-500" title={o.userDto?.email} data-testid="operator">
                    {o.userDto?.email ?? '—'}
                  </span>
                  {compact ? (
                    <span className="mt-1 block overflow-hidden" data-testid="verdict">
                      <VerdictBadge verdict={o.verdict} isDuplicate={o.isDuplicate} placedAt={o.createdAt} paymentState={o.paymentState} />
                    </span>
                  ) : null}
                </td>
                {compact ? null : (
                  <td className={cn(TD, 'overflow-hidden')} data-testid="verdict">
                    <VerdictBadge verdict={o.verdict} isDuplicate={o.isDuplicate} placedAt={o.createdAt} paymentState={o.paymentState} />
                  </td>
                )}
                <td className={TD}>
                  <div className="flex flex-wrap gap-1">
                    <IconButton label={t('orders.viewDetail')} onClick={() => actions.onOpen(o)} disabled={actions.opening === o.id}>
                      <Eye className="h-4 w-4" aria-hidden />
                    </IconButton>
                    {o.status === 'PENDING' ? (
                      <>
                        <IconButton
                          label={tw('row.complete')}
                          className="text-green-800 hover:bg-green-50"
                          onClick={() => actions.onChange(o, 'COMPLETED')}
                        >
                          <CheckCircle2 className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={tw('row.cancel')}
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => actions.onChange(o, 'CANCELLED')}
                        >
                          <XCircle className="h-4 w-4" aria-hidden />
                        </IconButton>
                      </>
                    ) : null}
                    {actions.onDelete ? (
                      <IconButton label={t('common.delete')} className="text-red-700 hover:bg-red-50" onClick={() => actions.onDelete?.(o)}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </IconButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Who and what: the buyer's user id and server, game · package × quantity, phone · transaction number. */
function BuyerLines({ order: o }: { order: OrderDto }) {
  return (
    <>
      <Line>{`${o.inGameUserId}${o.serverInfo ? ` (${o.serverInfo})` : ''}`}</Line>
      <Line className="text-xs text-slate-600">{`${o.gameTitle} · ${o.tokenPackageDto.tokenTitle} × ${o.quantity}`}</Line>
      <Line className="font-mono text-xs text-slate-600">{`${o.mobileNumber} · ${o.transactionNumber}`}</Line>
    </>
  );
}

/** An action as an icon: its name is what screen readers say and what shows on hover (the icons are the usual ones). */
function IconButton({
  label,
  className,
  onClick,
  disabled,
  children,
}: {
  label: string;
  className?: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      title={label}
      className={cn('h-9 w-9 px-0', className)}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}
