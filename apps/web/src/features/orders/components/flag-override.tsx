// Before completing a flagged order: what is wrong with it, in words, above the button; then the staff member
// confirms they checked it themselves and says why they complete it anyway (kept in the timeline with their name).
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { OVERRIDE_REASON_MAX } from '@topup/contract/orders';
import type { OrderFlag } from '../lib/order-flags';

export type OverrideState = { confirmed: boolean; reason: string };
export type OverrideProblem = 'confirm' | 'reason' | null;

/** What is still missing before a flagged order may be completed; null when nothing is. */
export function overrideProblem(state: OverrideState): OverrideProblem {
  if (!state.confirmed) return 'confirm';
  if (!state.reason.trim()) return 'reason';
  return null;
}

type Props = {
  idPrefix: string;
  /** The flags of the one order; empty when only the server knew (then `flaggedCount` or `refused` says so). */
  flags: OrderFlag[];
  /** For a bulk change: how many of the chosen orders are flagged. */
  flaggedCount?: number;
  /** The server refused because of a flag this page did not know about. */
  refused?: boolean;
  value: OverrideState;
  problem: OverrideProblem;
  onChange: (next: OverrideState) => void;
};

export function FlagOverride({ idPrefix, flags, flaggedCount, refused, value, problem, onChange }: Props) {
  const { t } = useTranslation('workbench');
  const errorId = `${idPrefix}-override-error`;
  return (
    <div role="alert" data-testid="change-flags" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {flaggedCount !== undefined ? t('flags.bulkTitle', { count: flaggedCount }) : t('flags.title')}
      </p>
      <ul className="list-disc space-y-1 ps-6">
        {flags.map((f) => (
          <li key={f}>{t(`flags.${f}`)}</li>
        ))}
        {flags.length === 0 ? <li>{refused ? t('flags.refused') : t('flags.some')}</li> : null}
      </ul>
      <label className="flex items-start gap-2 font-medium">
        <input
          id={`${idPrefix}-override`}
          type="checkbox"
          checked={value.confirmed}
          onChange={(e) => onChange({ ...value, confirmed: e.target.checked })}
          aria-invalid={problem === 'confirm'}
          aria-describedby={problem === 'confirm' ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-red-700"
        />
        {t('flags.confirm')}
      </label>
      <div>
        <label htmlFor={`${idPrefix}-override-reason`} className="mb-1 block font-medium">
          {t('flags.reason')}
          <span className="text-red-700"> *</span>
        </label>
        <textarea
          id={`${idPrefix}-override-reason`}
          value={value.reason}
          maxLength={OVERRIDE_REASON_MAX}
          rows={2}
          aria-invalid={problem === 'reason'}
          aria-describedby={problem === 'reason' ? errorId : undefined}
          onChange={(e) => onChange({ ...value, reason: e.target.value })}
          className="w-full rounded-lg border border-red-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
        />
      </div>
      {problem ? (
        <p id={errorId} className="font-medium text-red-700">
          {problem === 'confirm' ? t('flags.confirmRequired') : t('flags.reasonRequired')}
        </p>
      ) : null}
    </div>
  );
}
