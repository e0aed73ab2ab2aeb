// An order's timeline on its detail page: placed, checked, read, every status change (with reason or note), every
// edit (old → new) and the deletion request, each with who and when. Read-only: the server writes it with the change.
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { errorText } from '../../../components/dashboard/form-error';
import { useFormatDateTime } from '../../../lib/dates';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTimeline } from '../api/timeline';

const DOT: Record<OrderEventDto['type'], string> = {
  PLACED: 'bg-indigo-500',
  CHECKED: 'bg-sky-500',
  READ: 'bg-slate-400',
  STATUS_CHANGED: 'bg-emerald-600',
  EDITED: 'bg-amber-500',
  DELETE_REQUESTED: 'bg-red-600',
  PAYMENT_RECEIVED: 'bg-emerald-500',
  CODES_DELIVERED: 'bg-emerald-600',
  AUTO_HELD: 'bg-amber-500',
};

function Change({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation('workbench');
  return (
    <span className="inline-flex flex-wrap items-center gap-1 break-words">
      <span className="rounded bg-slate-100 px-1 text-slate-700 line-through decoration-slate-400">{from ?? t('timeline.empty')}</span>
      <ArrowRight className="h-3 w-3 shrink-0" aria-hidden />
      <span className="sr-only">{t('timeline.changedTo')}</span>
      <span className="rounded bg-slate-100 px-1 font-medium text-slate-900">{to ?? t('timeline.empty')}</span>
    </span>
  );
}

function EventBody({ event }: { event: OrderEventDto }) {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  const { t: tv } = useTranslation('verification');
  switch (event.type) {
    case 'PLACED':
      return <p>{t('timeline.placed')}</p>;
    case 'CHECKED':
      return (
        <p>
          {t('timeline.checked', { verdict: tv(`badge.${event.data.verdict}`) })}
          {event.data.isDuplicate ? ` ${t('timeline.duplicate')}` : null}
        </p>
      );
    case 'READ':
      return <p>{t('timeline.read')}</p>;
    case 'STATUS_CHANGED':
      return (
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-1">
            {t('timeline.status')} <Change from={td(`orders.statuses.${event.data.from}`)} to={td(`orders.statuses.${event.data.to}`)} />
            {event.data.bulk ? <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-800">{t('timeline.bulk')}</span> : null}
          </p>
          {event.data.reason ? (
            <p className="text-slate-700">{t('timeline.reason', { reason: td(`orderDetail.cancelReasons.${event.data.reason}`) })}</p>
          ) : null}
          {event.data.note ? (
            <p className="break-words whitespace-pre-line text-slate-700">{t('timeline.note', { note: event.data.note })}</p>
          ) : null}
          {event.data.automatic ? (
            <p className="text-slate-700" data-testid="automatic-notice">
              {t('timeline.automaticBecause', {
                amount: event.data.automatic.amount?.toLocaleString('en-US') ?? '?',
                phone: event.data.automatic.phoneName ?? '?',
              })}
              {event.data.automatic.transactionId ? ` (${event.data.automatic.transactionId})` : null}
            </p>
          ) : null}
        </div>
      );
    case 'EDITED':
      return (
        <div className="space-y-1">
          <p>{t('timeline.edited')}</p>
          <ul className="space-y-1">
            {event.data.changes.map((c) => (
              <li key={c.field} className="flex flex-wrap items-center gap-1">
                <span className="text-slate-700">{t(`timeline.fields.${c.field}`)}:</span>
                {c.field === 'screenShot' ? <span>{t('timeline.newScreenshot')}</span> : <Change from={c.from} to={c.to} />}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'DELETE_REQUESTED':
      return <p>{t('timeline.deleteRequested')}</p>;
    case 'CODES_DELIVERED':
      return <p>{t('timeline.codesDelivered', { count: event.data.count })}</p>;
    case 'AUTO_HELD':
      return (
        <p>
          {t('timeline.autoHeld', {
            reasons: event.data.reasons.map((r) => t(`timeline.holdReasons.${r}`)).join(t('timeline.reasonSeparator')),
          })}
        </p>
      );
    case 'PAYMENT_RECEIVED':
      return (
        <p>
          {t(event.data.byHand ? 'timeline.paymentAttached' : 'timeline.paymentReceived', {
            amount: event.data.amount?.toLocaleString('en-US') ?? '?',
            phone: event.data.phoneName ?? '?',
          })}
          {event.data.transactionId ? ` (${event.data.transactionId})` : null}
        </p>
      );
  }
}

/** Who did it: a person's email, the buyer (placing), or the shop: "the shop (automatic)" when it completed by itself. */
export function actorOf(event: OrderEventDto, t: (key: string) => string): string {
  if (event.actor) return event.actor.email;
  if (event.type === 'PLACED') return t('timeline.buyer');
  const automatic = (event.type === 'STATUS_CHANGED' && event.data.automatic) || event.type === 'CODES_DELIVERED';
  return automatic ? t('timeline.shopAutomatic') : t('timeline.shop');
}

export function OrderTimeline({ orderId }: { orderId: string }) {
  const { t } = useTranslation('workbench');
  const formatDateTime = useFormatDateTime();
  const { t: td } = useTranslation('dashboard');
  const timeline = useTimeline(orderId);
  return (
    <section aria-labelledby="timeline-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="timeline-title" className="mb-3 text-sm font-semibold">
        {t('timeline.title')}
      </h2>
      {timeline.isPending ? (
        <Spinner className="h-6 w-6" label={td('status.loading')} />
      ) : timeline.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-600">
          <p>{errorText(timeline.error, t('timeline.loadFailed'))}</p>
          <Button size="sm" variant="secondary" onClick={() => void timeline.refetch()}>
            {td('status.reload')}
          </Button>
        </div>
      ) : (
        <ol className="relative space-y-4 border-l border-slate-200 pl-4 text-sm" data-testid="timeline">
          {timeline.data.map((event) => (
            <li key={event.id} className="relative" data-event={event.type}>
              <span aria-hidden className={`absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full ring-2 ring-white ${DOT[event.type]}`} />
              <p className="text-xs text-slate-600">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time> ·{' '}
                <span className="font-medium text-slate-800">{actorOf(event, t)}</span>
              </p>
              <div className="mt-0.5 text-slate-900">
                <EventBody event={event} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
