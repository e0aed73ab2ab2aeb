// /dashboard/code-stock/{packageId}: one package's delivery settings and, once it is sold as codes, its stock:
// counts, adding codes (owners) and the masked list with the owners' audited reveal.
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { errorText } from '../../../components/dashboard/form-error';
import { useIsOwner } from '../../../lib/me';
import { usePackageDelivery } from '../api/package-delivery';
import { usePackageStock } from '../api/stock';
import { CodeImportForm } from './code-import-form';
import { DeliverySettingsForm } from './delivery-settings-form';
import { StockCodesList } from './stock-codes-list';
import { StockCounts } from './stock-counts';

/** What the packages list passes along, so the title shows before (or without) the stock's answer. */
export type PackageDeliveryState = { title?: string };

export function PackageDeliveryPage() {
  const { t } = useTranslation('delivery');
  const { packageId = '' } = useParams();
  const passed = useLocation().state as PackageDeliveryState | null;
  const isOwner = useIsOwner();
  const delivery = usePackageDelivery(packageId);
  const stock = usePackageStock(packageId, delivery.data?.isCodeProduct === true);

  if (delivery.isPending) return <LoadingScreen />;
  if (delivery.isError)
    return <ErrorScreen message={errorText(delivery.error, t('settings.loadFailed'))} onReload={() => void delivery.refetch()} />;
  const title = stock.data ? `${stock.data.gameTitle} – ${stock.data.packageTitle}` : passed?.title;

  return (
    <section className="max-w-3xl space-y-4">
      <div>
        <Link to="/dashboard/code-stock" className="text-sm text-indigo-700 hover:underline">
          {t('back')}
        </Link>
        <h1 className="text-2xl font-bold">{t('packagePage.title')}</h1>
        {title ? (
          <p className="text-slate-700" data-testid="package-title">
            {title}
          </p>
        ) : null}
      </div>
      <DeliverySettingsForm key={packageId} delivery={delivery.data} canEdit={isOwner} />
      {delivery.data.isCodeProduct ? (
        <>
          <section className="space-y-2">
            <h2 className="text-lg font-semibold">{t('stock.title')}</h2>
            {stock.data ? (
              <StockCounts stock={stock.data} />
            ) : stock.isError ? (
              <p role="alert" className="text-sm text-red-600">
                {errorText(stock.error, t('stock.loadFailed'))}
              </p>
            ) : null}
          </section>
          {isOwner ? <CodeImportForm packageId={packageId} /> : null}
          <StockCodesList packageId={packageId} isOwner={isOwner} />
        </>
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t('packagePage.notCodes')}</p>
      )}
    </section>
  );
}
