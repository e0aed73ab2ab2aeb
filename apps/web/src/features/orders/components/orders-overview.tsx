// /dashboard: what staff act on first — orders waiting and for how long, and orders and revenue today and over
// the last 14 days (from GET /api/v1/Order/summary), with a small bar per day, and the delivery promise kept (SLA).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrencyAmount, OrderSummaryDay } from '@topup/contract/order-summary';
import { formatNumber } from '../../../components/dashboard/format';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { errorText } from '../../../components/dashboard/form-error';
import { useOrderSummary } from '../api/get-order-summary';
import { SlaCard } from './sla-card';

/** How long ago, in the largest whole unit (minutes, hours, days). */
export function ageParts(fromIso: string, now = Date.now()): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}

function money(list: CurrencyAmount[]): string {
  return list.length ? list.map((r) => `${formatNumber(r.amount)} ${r.currency}`).join(' · ') : '0';
}

function sumDays(days: OrderSummaryDay[]) {
  const revenue: CurrencyAmount[] = [];
  let orders = 0;
  let completed = 0;
  for (const d of days) {
    orders += d.orders;
    completed += d.completed;
    for (const r of d.revenue) {
      const hit = revenue.find((x) => x.currency === r.currency);
      if (hit) hit.amount += r.amount;
      else revenue.push({ ...r });
    }
  }
  return { orders, completed, revenue };
}

function Card({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: 'warn' }) {
  return (
    <div
      data-testid="overview-card"
      className={`min-w-0 rounded-xl border bg-white p-3 shadow-sm sm:p-4 ${tone === 'warn' ? 'border-amber-300' : 'border-slate-200'}`}
    >
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
      {hint ? <p className="mt-1 text-sm text-slate-700">{hint}</p> : null}
    </div>
  );
}

export function OrdersOverview() {
  const { t } = useTranslation('dashboard');
  const summary = useOrderSummary();
  if (summary.isPending) return <LoadingScreen />;
  if (summary.isError)
    return <ErrorScreen message={errorText(summary.error, t('overview.loadFailed'))} onReload={() => void summary.refetch()} />;
  const s = summary.data;
  const total = sumDays(s.days);
  const age = s.oldestPendingAt ? ageParts(s.oldestPendingAt) : null;
  const max = Math.max(1, ...s.days.map((d) => d.orders));

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t('overview.title')}</h1>
      {/* Two per row even on a phone: six full-width cards pushed the delivery card three screens down. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Card
          label={t('overview.pending')}
          value={String(s.pendingCount)}
          tone={s.pendingCount > 0 ? 'warn' : undefined}
          hint={age ? t(`overview.oldest.${age.unit}`, { count: age.count }) : t('overview.nonePending')}
        />
        <Card
          label={t('overview.ordersToday')}
          value={String(s.today.orders)}
          hint={t('overview.completed', { count: s.today.completed })}
        />
        <Card label={t('overview.revenueToday')} value={money(s.today.revenue)} />
        <Card label={t('overview.unread')} value={String(s.unreadCount)} />
        <Card label={t('overview.orders14')} value={String(total.orders)} hint={t('overview.completed', { count: total.completed })} />
        <Card label={t('overview.revenue14')} value={money(total.revenue)} />
      </div>

      <SlaCard />

      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-3 font-semibold">{t('overview.perDay')}</h2>
        <ol className="flex h-40 items-end gap-1" aria-label={t('overview.perDay')}>
          {s.days.map((d) => (
            <li key={d.date} className="flex h-full flex-1 flex-col items-center justify-end gap-1" title={`${d.date}: ${d.orders}`}>
              <span className="text-[10px] text-slate-600">{d.orders}</span>
              <span
                className="w-full rounded-t bg-indigo-500"
                style={{ height: `${(d.orders / max) * 100}%`, minHeight: d.orders ? 4 : 1 }}
              />
              <span className="text-[10px] text-slate-600">{d.date.slice(8)}</span>
            </li>
          ))}
        </ol>
      </div>

      <Link to="/dashboard/orders" className="inline-block rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">
        {t('overview.goToOrders')}
      </Link>
    </section>
  );
}
