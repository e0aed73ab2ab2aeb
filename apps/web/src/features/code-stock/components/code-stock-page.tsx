// /dashboard/code-stock: every package sold as codes with its counts, the low ones first, each opening its own page;
// and, for owners, the log of who revealed which code when.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bot, ChevronRight } from 'lucide-react';
import type { CodeStockDto } from '@topup/contract/code-stock';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { errorText } from '../../../components/dashboard/form-error';
import { Pager } from '../../../components/dashboard/pager';
import { useFormatDateTime } from '../../../lib/dates';
import { useIsOwner } from '../../../lib/me';
import { cn } from '../../../lib/cn';
import { useCodeStockList } from '../api/stock';
import { useCodeReveals } from '../api/stock-codes';

/** Low stock first (emptiest first), then by game and package. */
export function sortStock(list: CodeStockDto[]): CodeStockDto[] {
  return [...list].sort(
    (a, b) =>
      Number(b.low) - Number(a.low) ||
      (a.low && b.low ? a.available - b.available : 0) ||
      a.gameTitle.localeCompare(b.gameTitle) ||
      a.packageTitle.localeCompare(b.packageTitle),
  );
}

export function CodeStockPage() {
  const { t } = useTranslation('delivery');
  const list = useCodeStockList();
  const isOwner = useIsOwner();
  if (list.isPending) return <LoadingScreen />;
  if (list.isError) return <ErrorScreen message={errorText(list.error, t('stock.loadFailed'))} onReload={() => void list.refetch()} />;
  return (
    <section className="max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('stock.pageTitle')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('stock.intro')}</p>
      </div>
      {list.data.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t('stock.none')}</p>
      ) : (
        <ul className="space-y-2" data-testid="stock-list">
          {sortStock(list.data).map((s) => (
            <li key={s.packageId}>
              <Link
                to={`/dashboard/code-stock/${s.packageId}`}
                className={cn(
                  'flex items-center gap-3 rounded-xl border bg-white p-3 hover:bg-slate-50',
                  s.low ? 'border-amber-400' : 'border-slate-200',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">
                    {s.gameTitle} – {s.packageTitle}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {t('stock.summary', { available: s.available, reserved: s.reserved, delivered: s.delivered, expired: s.expired })}
                  </span>
                  {s.low ? <span className="mt-1 block text-sm font-medium text-amber-800">{t('stock.lowBadge')}</span> : null}
                </span>
                {s.deliveryMode === 'AUTO_ON_PAYMENT' ? (
                  <Bot className="h-5 w-5 shrink-0 text-indigo-600" aria-label={t('stock.automatic')} role="img" />
                ) : null}
                <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {isOwner ? <RevealLog /> : null}
    </section>
  );
}

function RevealLog() {
  const { t } = useTranslation('delivery');
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const reveals = useCodeReveals(page);
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('reveals.title')}</h2>
      {reveals.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(reveals.error, t('reveals.loadFailed'))}
        </p>
      ) : reveals.data && reveals.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reveals.none')}</p>
      ) : reveals.data ? (
        <>
          <ul className="divide-y divide-slate-200 text-sm">
            {reveals.data.items.map((r) => (
              <li key={`${r.codeId}-${r.at}`} className="py-2">
                {t('reveals.line', { by: r.by, code: r.maskedCode, title: r.packageTitle })}
                <span className="block text-xs text-slate-600">{formatDateTime(r.at)}</span>
              </li>
            ))}
          </ul>
          <Pager paging={reveals.data.paging} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
