// The bar that appears once orders are selected: how many (or "all N matching"), and the bulk actions. On a phone it
// sits at the bottom of the screen, where the thumb is.
import { useTranslation } from 'react-i18next';
import { CheckCheck, CheckCircle2, Eye, XCircle } from 'lucide-react';
import type { BulkAction } from '@topup/contract/order-list';
import { Button } from '../../../components/ui/button';

type Props = {
  count: number;
  allMatching: boolean;
  pending: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
};

export function BulkBar({ count, allMatching, pending, onAction, onClear }: Props) {
  const { t } = useTranslation('workbench');
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:sticky sm:bottom-2 sm:rounded-xl sm:border sm:p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold" aria-live="polite" data-testid="bulk-count">
          {allMatching ? t('bulk.allMatching', { count }) : t('bulk.selected', { count })}
        </p>
        <Button variant="ghost" size="sm" className="h-10 sm:h-8" onClick={onClear} disabled={pending}>
          {t('bulk.clear')}
        </Button>
        <div className="grid w-full grid-cols-3 gap-2 sm:ml-auto sm:flex sm:w-auto">
          <Button
            variant="secondary"
            className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight sm:h-9 sm:min-h-0 sm:px-3"
            onClick={() => onAction('MARK_READ')}
            disabled={pending}
          >
            <Eye className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
            {t('bulk.markRead')}
          </Button>
          <Button
            className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight sm:h-9 sm:min-h-0 sm:px-3"
            onClick={() => onAction('COMPLETE')}
            disabled={pending}
          >
            <CheckCircle2 className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
            {t('bulk.complete')}
          </Button>
          <Button
            variant="danger"
            className="h-auto min-h-11 gap-1 px-1 py-1 text-sm leading-tight sm:h-9 sm:min-h-0 sm:px-3"
            onClick={() => onAction('CANCEL')}
            disabled={pending}
          >
            <XCircle className="hidden h-4 w-4 shrink-0 min-[400px]:block" aria-hidden />
            {t('bulk.cancel')}
          </Button>
        </div>
      </div>
    </div>
  );
}

export type BulkOutcome = {
  action: BulkAction;
  succeeded: number;
  failed: { id: string; label: string; message: string }[];
};

/** What a bulk action did: how many changed and, for each order that was not, which one and why. */
export function BulkResult({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  const failed = outcome.failed.length > 0;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      data-testid="bulk-result"
      className={
        failed
          ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          : 'rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900'
      }
    >
      <div className="flex items-start gap-2">
        <CheckCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {t(`bulk.done.${outcome.action}`, { count: outcome.succeeded })}
            {failed ? ` ${t('bulk.failedCount', { count: outcome.failed.length })}` : null}
          </p>
          {failed ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {outcome.failed.map((f) => (
                <li key={f.id} className="break-words">
                  <span className="font-mono font-semibold">{f.label}</span>: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {td('common.close')}
        </Button>
      </div>
    </div>
  );
}
