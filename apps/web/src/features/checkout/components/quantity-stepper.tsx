// Quantity 1–10 (or up to `max`, a code package's codes left), changed only with minus and plus.
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { QUANTITY } from '@topup/contract/limits';

export function QuantityStepper({ value, onChange, max = QUANTITY.max }: { value: number; onChange: (n: number) => void; max?: number }) {
  const { t } = useTranslation('storefront');
  const btn =
    'flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center gap-3">
      <span className="text-sm font-medium text-slate-700" id="quantity-label">
        {t('game.quantity')}
      </span>
      <div className="flex items-center gap-2" role="group" aria-labelledby="quantity-label">
        <button
          type="button"
          className={btn}
          onClick={() => onChange(value - 1)}
          disabled={value <= QUANTITY.min}
          aria-label={t('game.decrease')}
        >
          <Minus className="h-4 w-4" aria-hidden />
        </button>
        <output className="w-8 text-center text-lg font-semibold" aria-live="polite" data-testid="quantity">
          {value}
        </output>
        <button
          type="button"
          className={btn}
          onClick={() => onChange(Math.min(max, value + 1))}
          disabled={value >= max}
          aria-label={t('game.increase')}
        >
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
