// The orders list below 640 px: one card per order with what staff decide on (code, game, package, amount, age
// against the promise, status, verdict) and the actions as full-width buttons at the card's foot, in thumb reach.
// At 360 px three labels fill the row, so the buttons' icons show only from 400 px.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, Trash2, XCircle } from 'lucide-react';
import type { OrderDto } from '@topup/contract/orders';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { cn } from '../../../lib/cn';
import { VerdictBadge } from './verdict-badge';
import { SlaClock } from './sla-clock';
import { OrderStatusBadge } from './order-status-badge';
import { SelectOrderBox, cursorRowProps, type OrderRowActions } from './orders-table';

export function OrderCards({ items, actions }: { items: OrderDto[]; actions: OrderRowActions }) {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const { t: tw } = useTranslation('workbench');
  return (
    <ul className="space-y-3" aria-label={t('orders.title')}>
      {items.map((o, i) => {
        return (
          <li
            key={o.id}
            {...cursorRowProps(actions, i, o)}
            className={cn(
              'rounded-xl border bg-white p-3 shadow-sm outline-none',
              o.isRead ? 'border-slate-200' : 'border-indigo-300',
              actions.cursor === i && 'ring-2 ring-indigo-500',
            )}
          >
            <div className="flex items-start gap-3">
              <SelectOrderBox order={o} actions={actions} className="mt-1 h-5 w-5 shrink-0 accent-indigo-600" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={cn('font-mono text-base', o.isRead ? 'text-slate-700' : 'font-bold text-slate-900')}>
                    {o.code ?? '—'}
                  </span>
                  <OrderStatusBadge status={o.status} />
                  <VerdictBadge verdict={o.verdict} isDuplicate={o.isDuplicate} placedAt={o.createdAt} paymentState={o.paymentState} />
                </div>
                <p className="mt-1 truncate text-sm text-slate-900">
                  {o.gameTitle} · {o.tokenPackageDto.tokenTitle}
                  {o.quantity > 1 ? ` × ${o.quantity}` : ''}
                </p>
                <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="font-semibold">
                    {formatNumber(o.subTotal || o.tokenPackageDto.price)} {o.tokenPackageDto.currency}
                  </span>
                  {o.status === 'PENDING' ? (
                    <SlaClock order={o} />
                  ) : (
                    <span className="text-xs text-slate-600">{formatDateTime(o.createdAt)}</span>
                  )}
                </div>
              </div>
            </div>
            <div className="mt-3 grid grid-cols-3 gap-2">
              <Button
                variant="secondary"
                className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight"
                onClick={() => actions.onOpen(o)}
              >
                <Eye className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
                {tw('row.open')}
              </Button>
              {o.status === 'PENDING' ? (
                <>
                  <Button
                    className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight"
                    onClick={() => actions.onChange(o, 'COMPLETED')}
                  >
                    <CheckCircle2 className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
                    {tw('row.complete')}
                  </Button>
                  <Button
                    variant="danger"
                    className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight"
                    onClick={() => actions.onChange(o, 'CANCELLED')}
                  >
                    <XCircle className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
                    {tw('row.cancel')}
                  </Button>
                </>
              ) : actions.onDelete ? (
                <Button
                  variant="ghost"
                  className="col-start-3 h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight text-red-700 hover:bg-red-50"
                  onClick={() => actions.onDelete?.(o)}
                >
                  <Trash2 className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
                  {t('common.delete')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
