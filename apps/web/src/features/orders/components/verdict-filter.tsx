// The orders list's verdict filter: all orders, or only those with one badge. `stacked` puts the label above the
// select, as in the workbench's filter grid.
import { useTranslation } from 'react-i18next';
import { VERDICT_FILTERS, type VerdictFilter as Filter } from '@topup/contract/verification';
import { cn } from '../../../lib/cn';

export function VerdictFilter({
  value,
  onChange,
  stacked,
}: {
  value: Filter | null;
  onChange(value: Filter | null): void;
  stacked?: boolean;
}) {
  const { t } = useTranslation('verification');
  return (
    <label className={cn('flex text-sm', stacked ? 'min-w-0 flex-col gap-1' : 'items-center gap-2')}>
      <span className={cn('font-medium', stacked && 'text-slate-700')}>{t('filter.label')}</span>
      <select
        className={cn('h-9 rounded-md border border-slate-300 bg-white px-2', stacked && 'w-full')}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || null) as Filter | null)}
      >
        <option value="">{t('filter.all')}</option>
        {VERDICT_FILTERS.map((v) => (
          <option key={v} value={v}>
            {t(`badge.${v}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
