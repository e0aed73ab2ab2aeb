// /my-orders: the orders this browser placed or found (localStorage), newest first, each with where it is now and
// removable.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trackingPath } from '@topup/contract/order-tracking-links';
import type { TrackingStage } from '@topup/contract/order-tracking-links';
import { useFormatDateTime } from '../../lib/dates';
import { loadMyOrders, removeMyOrder } from '../../lib/my-orders';
import { useOrderStatuses } from '../../features/order-tracking/api/order-statuses';

const STAGE_TONE: Record<TrackingStage, string> = {
  PLACED: 'bg-sky-100 text-sky-900',
  CHECKING: 'bg-amber-100 text-amber-900',
  COMPLETED: 'bg-green-100 text-green-900',
  CANCELLED: 'bg-red-100 text-red-900',
};

export function MyOrdersPage() {
  const { t } = useTranslation('tracking');
  const [orders, setOrders] = useState(loadMyOrders);
  const statuses = useOrderStatuses(orders);
  const formatDateTime = useFormatDateTime();
  return (
    <main className="mx-auto max-w-2xl px-3 py-4 sm:px-4">
      <h1 className="text-xl font-bold">{t('myOrders.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('myOrders.intro')}</p>
      {orders.length === 0 ? <p className="py-6 text-center text-slate-600">{t('myOrders.empty')}</p> : null}
      <ul className="space-y-2" data-testid="my-orders">
        {orders.map((o) => {
          const stage = statuses.data?.get(o.code)?.stage;
          return (
            <li key={o.code} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <Link to={trackingPath(o.code, o.token)} className="min-w-0 flex-1 hover:underline">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-bold tracking-wider">{o.code}</span>
                  {stage ? (
                    <span
                      data-testid="my-order-stage"
                      data-stage={stage}
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STAGE_TONE[stage]}`}
                    >
                      {t(`stage.${stage}`)}
                    </span>
                  ) : statuses.isPending ? (
                    <span className="text-xs text-slate-500">{t('myOrders.statusLoading')}</span>
                  ) : null}
                </span>
                <span className="block truncate text-sm text-slate-700">
                  {o.gameTitle} – {o.packageTitle}
                </span>
                <span className="block text-xs text-slate-600">{formatDateTime(o.placedAt)}</span>
              </Link>
              <button
                type="button"
                aria-label={t('myOrders.removeLabel', { code: o.code })}
                onClick={() => {
                  removeMyOrder(o.code);
                  setOrders(loadMyOrders());
                }}
                className="h-10 shrink-0 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 hover:bg-slate-50"
              >
                {t('myOrders.remove')}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm">
        {t('myOrders.lost')}{' '}
        <Link to="/find-order" className="font-medium text-indigo-700 underline">
          {t('findOrder')}
        </Link>
      </p>
    </main>
  );
}
