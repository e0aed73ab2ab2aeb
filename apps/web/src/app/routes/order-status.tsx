// /order/{code}?t={token}: the buyer's private status page. Opened from a link, its first screen comes in the HTML
// (no API call before the order shows); then live through the order's event stream. Remembered in "My orders";
// right after placing, it also shows the code with copy and share and the old success toast.
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trackingPath } from '@topup/contract/order-tracking-links';
import { appDataFor } from '../../lib/app-data';
import { useTrackedOrder, useTrackedOrderStream, type EmbeddedOrder } from '../../features/order-tracking/api/tracked-order';
import { CopyShareButtons } from '../../features/order-tracking/components/copy-share-buttons';
import { OrderStatusView } from '../../features/order-tracking/components/order-status-view';
import { useFlashMessage } from '../../features/storefront-shell/hooks/use-flash-message';
import { saveMyOrder } from '../../lib/my-orders';

export type PlacedState = { message?: string; placed?: boolean };

export function OrderStatusPage() {
  const { t } = useTranslation('tracking');
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const location = useLocation();
  const justPlaced = !!(location.state as PlacedState | null)?.placed;
  useFlashMessage();
  const first = appDataFor(location.pathname + location.search);
  const embedded: EmbeddedOrder | undefined =
    first && first.trackedCode === code && first.trackedOrder !== undefined
      ? { order: first.trackedOrder, renderedAt: first.renderedAt }
      : undefined;
  const order = useTrackedOrder(code, token, embedded);
  const stream = useTrackedOrderStream(code, token, order.isSuccess);
  const link = `${window.location.origin}${trackingPath(code, token)}`;

  useEffect(() => {
    if (order.data) {
      saveMyOrder({
        code: order.data.code,
        token,
        gameTitle: order.data.gameTitle,
        packageTitle: order.data.packageTitle,
        placedAt: order.data.createdAt,
      });
      document.title = t('title', { code: order.data.code });
    }
  }, [order.data, token, t]);

  const notFound = !token || embedded?.order === null || (order.isError && (order.error as { status?: number }).status === 404);
  return (
    <main className="mx-auto max-w-2xl px-3 py-4 sm:px-4">
      <h1 className="mb-3 text-xl font-bold">{t('title', { code: code.toUpperCase() })}</h1>
      {notFound ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="order-not-found">
          <h2 className="font-semibold">{t('notFoundTitle')}</h2>
          <p className="mt-1 text-slate-700">{t('notFoundBody')}</p>
          <Link
            to="/find-order"
            className="mt-3 inline-flex h-10 items-center rounded-lg bg-indigo-600 px-4 font-medium text-white hover:bg-indigo-700"
          >
            {t('findOrder')}
          </Link>
        </section>
      ) : order.isError ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <p>{t('loadFailed')}</p>
          <button
            type="button"
            onClick={() => void order.refetch()}
            className="mt-3 h-10 rounded-lg bg-indigo-600 px-4 font-medium text-white"
          >
            {t('retry')}
          </button>
        </section>
      ) : order.data ? (
        <>
          {justPlaced ? (
            <section className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="placed-banner">
              <h2 className="font-semibold text-emerald-900">{t('placedTitle')}</h2>
              <p className="mt-1 text-sm text-emerald-900">{t('placedBody', { code: order.data.code })}</p>
            </section>
          ) : null}
          <div className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">{t('code')}</p>
            <p className="mb-3 font-mono text-2xl font-bold tracking-widest" data-testid="order-code">
              {order.data.code}
            </p>
            <CopyShareButtons code={order.data.code} link={link} />
          </div>
          <OrderStatusView order={order.data} />
          <p className="mt-4 text-xs text-slate-600" aria-live="polite">
            {stream === 'reconnecting' ? t('reconnecting') : stream === 'live' ? t('live') : ''}
          </p>
        </>
      ) : (
        <div className="h-64 animate-pulse rounded-lg bg-slate-200" aria-hidden />
      )}
    </main>
  );
}
