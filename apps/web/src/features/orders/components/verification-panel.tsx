// Order detail: what the check read from the screenshot beside the order's values, each with a tick or a cross, the
// orders that reuse its transaction number or screenshot, and "check again".
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check, HelpCircle, RefreshCw, X } from 'lucide-react';
import type { OrderPaymentState } from '@topup/contract/payment-phone-states';
import type { FieldCheck } from '@topup/contract/verification';
import { Button } from '../../../components/ui/button';
import { FormError, errorText } from '../../../components/dashboard/form-error';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { Spinner } from '../../../components/ui/spinner';
import { useRecheck, useVerification } from '../api/verification';
import { VerdictBadge } from './verdict-badge';

function ResultIcon({ result }: { result: FieldCheck['result'] }) {
  const { t } = useTranslation('verification');
  if (result === 'match') return <Check className="h-4 w-4 text-green-700" aria-label={t('result.match')} />;
  if (result === 'mismatch') return <X className="h-4 w-4 text-red-700" aria-label={t('result.mismatch')} />;
  return <HelpCircle className="h-4 w-4 text-slate-500" aria-label={t('result.unreadable')} />;
}

function shown(field: FieldCheck['field'], value: string | null): string {
  if (value === null) return '';
  return field === 'amount' && /^\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value)) : value;
}

/** `paymentState`: the order's, as the shop's wallet told it; "received" shows "paid" in the badge. */
export function VerificationPanel({ orderId, paymentState }: { orderId: string; paymentState?: OrderPaymentState }) {
  const { t } = useTranslation('verification');
  const formatDateTime = useFormatDateTime();
  const check = useVerification(orderId);
  const recheck = useRecheck();

  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby="verification-title">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="verification-title" className="text-sm font-semibold">
          {t('panel.title')}
        </h2>
        {check.data ? (
          <VerdictBadge
            verdict={check.data.verdict}
            isDuplicate={check.data.isDuplicate}
            placedAt={check.data.placedAt}
            paymentState={paymentState}
          />
        ) : null}
      </div>
      {check.isPending ? (
        <Spinner label={t('panel.loading')} />
      ) : check.isError ? (
        <p className="text-sm text-red-700">{errorText(check.error, t('panel.loadFailed'))}</p>
      ) : (
        <>
          {check.data.state === 'queued' ? (
            check.data.late ? (
              <p className="mb-2 text-sm text-amber-900" data-late>
                {t('panel.late')}
              </p>
            ) : (
              <p className="mb-2 text-sm text-slate-600">{t('panel.checking')}</p>
            )
          ) : null}
          {check.data.state === 'failed' ? <p className="mb-2 text-sm text-orange-800">{t('panel.failed')}</p> : null}
          {check.data.state === null ? <p className="mb-2 text-sm text-slate-600">{t('panel.never')}</p> : null}
          {check.data.fields.length ? (
            // Values are never broken mid-number or mid-date: a long one makes the table scroll inside its box instead.
            <div className="overflow-x-auto" role="region" aria-label={t('panel.title')} tabIndex={0}>
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      {t('panel.field')}
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      {t('panel.receipt')}
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      {t('panel.order')}
                    </th>
                    <th scope="col" className="py-1 font-semibold">
                      <span className="sr-only">{t('panel.result')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {check.data.fields.map((f) => (
                    <tr key={f.field} data-field={f.field} data-result={f.result} className="border-t border-slate-100 align-top">
                      <th scope="row" className="py-1.5 pr-2 font-medium">
                        {t(`fields.${f.field}`)}
                      </th>
                      <td className="py-1.5 pr-2 break-words">
                        {f.receipt === null ? <span className="text-slate-500">{t('result.unreadable')}</span> : shown(f.field, f.receipt)}
                      </td>
                      <td className="py-1.5 pr-2 break-words">{shown(f.field, f.order)}</td>
                      <td className="py-1.5">
                        <ResultIcon result={f.result} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {check.data.duplicates.length ? (
            <div className="mt-3 rounded-lg border border-purple-200 bg-purple-50 p-3 text-sm">
              <p className="mb-1 font-semibold text-purple-900">{t('panel.duplicates')}</p>
              <ul className="space-y-1">
                {check.data.duplicates.map((d) => (
                  <li key={`${d.orderId}-${d.reason}`}>
                    <Link className="text-purple-900 underline" to={`/dashboard/order-detail/${d.orderId}`}>
                      {t(`reason.${d.reason}`)} · {d.transactionNumber} · {formatDateTime(d.createdAt)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {check.data.checkedAt ? (
            <p className="mt-2 text-xs text-slate-500">{t('panel.checkedAt', { time: formatDateTime(check.data.checkedAt) })}</p>
          ) : null}
        </>
      )}
      <div className="mt-3">
        <Button size="sm" variant="secondary" onClick={() => recheck.mutate(orderId)} disabled={recheck.isPending}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t('panel.checkAgain')}
        </Button>
        <FormError error={recheck.error} fallback={t('panel.recheckFailed')} />
      </div>
    </section>
  );
}
