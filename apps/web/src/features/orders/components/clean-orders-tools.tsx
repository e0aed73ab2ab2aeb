// 'Clean Orders': type Weekly (count 3 only) or Monthly (1–3); changing the type resets the count to its default.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEAN_COUNTS, CLEAN_DEFAULT_COUNT, CLEAN_TYPES, type CleanType } from '@topup/contract/limits';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { useCleanOrders } from '../api/clean-orders';

const SELECT =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

export function CleanOrdersTools({ onCleaned }: { onCleaned: (message: string) => void }) {
  const { t } = useTranslation('dashboard');
  const clean = useCleanOrders();
  const [type, setType] = useState<CleanType>('WEEKLY');
  const [count, setCount] = useState<number>(CLEAN_DEFAULT_COUNT.WEEKLY);
  const [confirming, setConfirming] = useState(false);

  function changeType(next: CleanType) {
    setType(next);
    setCount(CLEAN_DEFAULT_COUNT[next]);
  }

  function run() {
    clean.mutate(
      { type, count },
      {
        onSuccess: (message) => {
          setConfirming(false);
          onCleaned(message || t('orders.cleanDone'));
        },
      },
    );
  }

  return (
    <fieldset className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold">{t('orders.cleanTitle')}</legend>
      <div className="flex flex-col text-xs font-medium text-slate-700">
        <label htmlFor="clean-type">{t('orders.cleanType')}</label>
        <select id="clean-type" className={SELECT} value={type} onChange={(e) => changeType(e.target.value as CleanType)}>
          {CLEAN_TYPES.map((ct) => (
            <option key={ct} value={ct}>
              {t(`orders.cleanTypes.${ct}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col text-xs font-medium text-slate-700">
        <label htmlFor="clean-count">{t('orders.cleanCount')}</label>
        <select id="clean-count" className={SELECT} value={count} onChange={(e) => setCount(Number.parseInt(e.target.value, 10))}>
          {CLEAN_COUNTS[type].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="danger"
        size="sm"
        className="h-9"
        onClick={() => {
          clean.reset();
          setConfirming(true);
        }}
      >
        {t('orders.clean')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('orders.cleanConfirmTitle')}
        description={t(type === 'WEEKLY' ? 'orders.cleanConfirmWeeks' : 'orders.cleanConfirmMonths', { count })}
        confirmLabel={t('orders.clean')}
        pending={clean.isPending}
        error={clean.error ? errorText(clean.error, t('orders.cleanFailed')) : null}
        onConfirm={run}
      />
    </fieldset>
  );
}
