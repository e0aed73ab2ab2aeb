// A code package's four counts (available, reserved for placed orders, delivered, expired), with the low-stock warning.
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { CODE_STATES, type CodeStockDto } from '@topup/contract/code-stock';
import { cn } from '../../../lib/cn';

export function StockCounts({ stock }: { stock: CodeStockDto }) {
  const { t } = useTranslation('delivery');
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="stock-counts">
        {CODE_STATES.map((state) => (
          <div
            key={state}
            data-state={state}
            className={cn(
              'rounded-lg border bg-white p-3',
              state === 'available' && stock.low ? 'border-amber-400 bg-amber-50' : 'border-slate-200',
            )}
          >
            <dt className="text-xs text-slate-600">{t(`states.${state}`)}</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid={`count-${state}`}>
              {stock[state]}
            </dd>
          </div>
        ))}
      </dl>
      {stock.low ? <LowStockNote stock={stock} /> : null}
    </div>
  );
}

export function LowStockNote({ stock }: { stock: CodeStockDto }) {
  const { t } = useTranslation('delivery');
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="low-stock">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {stock.available === 0
        ? t('stock.empty', { title: stock.packageTitle })
        : t('stock.low', { title: stock.packageTitle, count: stock.available, threshold: stock.lowStockThreshold })}
    </p>
  );
}
