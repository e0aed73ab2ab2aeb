// On the dashboard's overview: code packages below their owner's threshold, each linking to its stock page.
// Nothing shows while every package has enough (or none is sold as codes).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { useCodeStockList } from '../api/stock';

export function LowStockCard() {
  const { t } = useTranslation('delivery');
  const list = useCodeStockList();
  const low = (list.data ?? []).filter((s) => s.low).sort((a, b) => a.available - b.available);
  if (low.length === 0) return null;
  return (
    <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="low-stock-card">
      <h2 className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden />
        {t('stock.lowTitle', { count: low.length })}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {low.map((s) => (
          <li key={s.packageId}>
            <Link to={`/dashboard/code-stock/${s.packageId}`} className="underline hover:no-underline">
              {s.gameTitle} – {s.packageTitle}
            </Link>
            {': '}
            {s.available === 0 ? t('stock.noneLeft') : t('stock.left', { count: s.available })}
          </li>
        ))}
      </ul>
    </section>
  );
}
