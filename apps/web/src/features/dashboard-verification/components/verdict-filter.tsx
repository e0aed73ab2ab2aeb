// The orders list's verdict filter: all orders, or only those with one badge.
import { useTranslation } from 'react-i18next';
import { VERDICT_FILTERS, type VerdictFilter as Filter } from '@topup/contract/verification';

export function VerdictFilter({ value, onChange }: { value: Filter | null; onChange(value: Filter | null): void }) {
  const { t } = useTranslation('verification');
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="font-medium">{t('filter.label')}</span>
      <select
        className="h-9 rounded-md border border-slate-300 bg-white px-2"
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
