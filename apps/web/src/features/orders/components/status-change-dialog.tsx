// What a status change asks for, for one order or many: cancelling needs one of the reasons the buyer will see (and a
// note for "Other"), completing may carry a note. Used by the detail page, the list's row actions and shortcuts, and
// bulk actions, so the rule lives here once. The server's refusal shows in red inside the dialog; a change someone
// else made while it was open (it arrives live) shows above the form before any refusal can (docs/decisions/0063).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_NOTE_MAX, CANCEL_REASONS, type CancelReason } from '@topup/contract/order-reasons';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Select } from '../../../components/dashboard/form-controls';
import type { OrderFlag } from '../lib/order-flags';
import { FlagOverride, overrideProblem, type OverrideProblem, type OverrideState } from './flag-override';

export type StatusChange =
  | { status: 'COMPLETED'; statusNote?: string; overrideFlags?: true; overrideReason?: string }
  | { status: 'CANCELLED'; cancelReason: CancelReason; cancelNote?: string };

type Props = {
  /** Which change is asked for; null keeps the dialog closed. */
  target: 'COMPLETED' | 'CANCELLED' | null;
  /** How many orders it is for (bulk); 1 for a single order. */
  count?: number;
  /** The order's code, for a single order. */
  code?: string | null;
  pending?: boolean;
  error?: string | null;
  /**
   * The order changed (or was deleted) since the dialog opened: what happened, and whether confirming is still
   * possible (`blocking`: no longer pending or gone).
   */
  stale?: { message: string; blocking: boolean } | null;
  /** What is wrong with the single order (duplicate, mismatch); completing it then needs an override with a reason. */
  flags?: OrderFlag[];
  /** For bulk: how many of the chosen orders are flagged. */
  flaggedCount?: number;
  /** The server refused the completion because of a flag (409 orderFlagged): ask for the override now. */
  flaggedRefusal?: boolean;
  onClose: () => void;
  onConfirm: (change: StatusChange) => void;
};

export function StatusChangeDialog({ target, ...rest }: Props) {
  // Keyed by the target, so each opening starts with an empty form.
  return <StatusChangeForm key={target ?? 'closed'} target={target} {...rest} />;
}

function StatusChangeForm({
  target,
  count = 1,
  code,
  pending,
  error,
  stale,
  flags = [],
  flaggedCount = 0,
  flaggedRefusal,
  onClose,
  onConfirm,
}: Props) {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<'reason' | 'note' | null>(null);
  const [override, setOverride] = useState<OverrideState>({ confirmed: false, reason: '' });
  const [overrideMissing, setOverrideMissing] = useState<OverrideProblem>(null);
  const cancelling = target === 'CANCELLED';
  const flagged = !cancelling && (flags.length > 0 || flaggedCount > 0 || !!flaggedRefusal);

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = note.trim() || undefined;
    if (!cancelling && flagged) {
      const problem = overrideProblem(override);
      setOverrideMissing(problem);
      if (problem) {
        document.getElementById(problem === 'confirm' ? 'change-override' : 'change-override-reason')?.focus();
        return;
      }
      return onConfirm({ status: 'COMPLETED', statusNote: trimmed, overrideFlags: true, overrideReason: override.reason.trim() });
    }
    if (!cancelling) return onConfirm({ status: 'COMPLETED', statusNote: trimmed });
    if (!reason) return setMissing('reason');
    if (reason === 'OTHER' && !trimmed) return setMissing('note');
    setMissing(null);
    onConfirm({ status: 'CANCELLED', cancelReason: reason, cancelNote: trimmed });
  }

  const title = cancelling ? t('change.cancelTitle', { count }) : t('change.completeTitle', { count });
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={code ? t('change.forOrder', { code }) : undefined}
      closeLabel={td('common.close')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {stale ? (
          <div
            role="alert"
            data-testid="change-stale"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{stale.message}</p>
            <p>{stale.blocking ? t('live.notPending') : t('live.stillPending')}</p>
          </div>
        ) : null}
        {flagged ? (
          <FlagOverride
            idPrefix="change"
            flags={flags}
            flaggedCount={code ? undefined : flaggedCount}
            refused={flaggedRefusal}
            value={override}
            problem={overrideMissing}
            onChange={(next) => {
              setOverride(next);
              if (overrideMissing) setOverrideMissing(overrideProblem(next));
            }}
          />
        ) : null}
        {cancelling ? (
          <Field id="change-reason" label={t('change.reason')} required>
            <Select
              id="change-reason"
              value={reason}
              autoFocus
              aria-invalid={missing === 'reason'}
              aria-describedby={missing === 'reason' ? 'change-reason-error' : undefined}
              onChange={(e) => setReason(e.target.value as CancelReason | '')}
            >
              <option value="">{t('change.pickReason')}</option>
              {CANCEL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {td(`orderDetail.cancelReasons.${r}`)}
                </option>
              ))}
            </Select>
            {missing === 'reason' ? (
              <p id="change-reason-error" className="mt-1 text-sm text-red-600">
                {t('change.reasonRequired')}
              </p>
            ) : null}
          </Field>
        ) : null}
        <Field
          id="change-note"
          label={cancelling ? t('change.cancelNote') : t('change.completeNote')}
          required={cancelling && reason === 'OTHER'}
        >
          <textarea
            id="change-note"
            value={note}
            maxLength={CANCEL_NOTE_MAX}
            rows={3}
            autoFocus={!cancelling && !flagged}
            aria-invalid={missing === 'note'}
            aria-describedby={missing === 'note' ? 'change-note-error' : undefined}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          />
          {missing === 'note' ? (
            <p id="change-note-error" className="mt-1 text-sm text-red-600">
              {t('change.noteRequired')}
            </p>
          ) : null}
        </Field>
        {error && !flaggedRefusal ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending} className="h-11 sm:h-10">
            {t('change.back')}
          </Button>
          <Button type="submit" variant={cancelling ? 'danger' : 'primary'} disabled={pending || stale?.blocking} className="h-11 sm:h-10">
            {pending ? td('common.saving') : cancelling ? t('change.confirmCancel', { count }) : t('change.confirmComplete', { count })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
