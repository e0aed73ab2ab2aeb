// The overview's delivery card: against the shop's promise, for today and the last 14 days, the median and 90th
// percentile from placed to completed, the share kept within the promise, and the same per staff member.
import { useTranslation } from 'react-i18next';
import { Timer } from 'lucide-react';
import type { SlaFigures } from '@topup/contract/order-summary';
import { errorText } from '../../../components/dashboard/form-error';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSla } from '../api/sla';
import { formatDuration } from '../lib/sla';

/** The share kept, coloured like the clock: all good, mostly, or not. */
function shareTone(share: number | null): string {
  if (share === null) return 'text-slate-600';
  if (share >= 0.9) return 'text-green-800';
  if (share >= 0.7) return 'text-amber-800';
  return 'text-red-700';
}

function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

function Figures({ label, f }: { label: string; f: SlaFigures }) {
  const { t } = useTranslation('workbench');
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-800">{label}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{t('slaCard.within')}</dt>
          <dd className={cn('text-xl font-bold', shareTone(f.withinTargetShare))} data-testid="sla-within">
            {percent(f.withinTargetShare)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('slaCard.completed')}</dt>
          <dd className="text-xl font-bold text-slate-900">{f.completed}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('slaCard.late')}</dt>
          <dd className={cn('text-xl font-bold', f.late > 0 ? 'text-red-700' : 'text-slate-900')} data-testid="sla-late">
            {f.late}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('slaCard.median')}</dt>
          <dd className="font-semibold text-slate-900">{formatDuration(f.medianSeconds, t)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('slaCard.p90')}</dt>
          <dd className="font-semibold text-slate-900">{formatDuration(f.p90Seconds, t)}</dd>
        </div>
      </dl>
    </div>
  );
}

export function SlaCard() {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  const sla = useSla();
  return (
    <section aria-labelledby="sla-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Timer className="h-5 w-5 text-indigo-600" aria-hidden />
        <h2 id="sla-title" className="font-semibold">
          {t('slaCard.title')}
        </h2>
        {sla.data ? <p className="text-sm text-slate-600">{t('slaCard.promise', { count: sla.data.targetMinutes })}</p> : null}
      </div>
      {sla.isPending ? (
        <Spinner label={td('status.loading')} />
      ) : sla.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-600">
          <p>{errorText(sla.error, t('slaCard.loadFailed'))}</p>
          <Button size="sm" variant="secondary" onClick={() => void sla.refetch()}>
            {td('status.reload')}
          </Button>
        </div>
      ) : (
        <>
          {/* Orders waiting past the promise right now: what staff must act on first, above the history. */}
          <p
            role="status"
            data-testid="sla-late-now"
            className={cn(
              'mb-3 rounded-lg px-3 py-2 text-sm font-semibold',
              sla.data.lateNow > 0 ? 'border border-red-300 bg-red-50 text-red-800' : 'border border-green-200 bg-green-50 text-green-800',
            )}
          >
            {sla.data.lateNow > 0
              ? t('slaCard.lateNow', { count: sla.data.lateNow, minutes: sla.data.targetMinutes })
              : t('slaCard.noneLate')}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Figures label={t('slaCard.today')} f={sla.data.today} />
            <Figures label={t('slaCard.days14')} f={sla.data.last14Days} />
          </div>
          <h3 className="mt-4 mb-2 text-sm font-semibold">{t('slaCard.perStaff')}</h3>
          {sla.data.perStaff.length === 0 ? (
            <p className="text-sm text-slate-600">{t('slaCard.noStaff')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" data-testid="sla-staff">
              {sla.data.perStaff.map((s) => (
                <li key={s.userId ?? s.email} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-4">
                  <span className="min-w-0 flex-1 truncate font-medium">{s.email}</span>
                  <span className="text-slate-700">
                    {t('slaCard.staffToday', { within: percent(s.today.withinTargetShare), count: s.today.completed })}
                  </span>
                  <span className="text-slate-700">
                    {t('slaCard.staff14', {
                      within: percent(s.last14Days.withinTargetShare),
                      count: s.last14Days.completed,
                      median: formatDuration(s.last14Days.medianSeconds, t),
                      p90: formatDuration(s.last14Days.p90Seconds, t),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
