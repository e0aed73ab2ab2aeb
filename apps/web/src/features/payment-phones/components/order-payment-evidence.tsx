// On an order's page: what the shop's own wallet said about its money (received, by which phone and when; not yet;
// or a notice naming this order with another amount), with the message itself as evidence. Updates live.
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { useOrderPayment } from '../api/payment-notices';

const TONE = {
  received: 'border-emerald-500 bg-emerald-50',
  not_received: 'border-slate-300 bg-white',
  amount_differs: 'border-red-500 bg-red-50',
} as const;

export function OrderPaymentEvidence({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payments');
  const formatDateTime = useFormatDateTime();
  const payment = useOrderPayment(orderId);
  if (!payment.data) return null;
  const { state, notice } = payment.data;
  return (
    <section aria-labelledby="wallet-notice" className={`space-y-2 rounded-xl border-l-4 p-4 shadow-sm ${TONE[state]}`}>
      <h2 id="wallet-notice" className="text-sm font-semibold">
        {t(`order.${state}`)}
      </h2>
      {notice ? (
        <>
          <p className="text-sm">
            {t('order.details', {
              amount: notice.amount === null ? '—' : formatNumber(notice.amount),
              phone: notice.phoneName ?? '—',
              at: formatDateTime(notice.matchedAt ?? notice.takenAt),
            })}
          </p>
          {notice.matchedBy ? <p className="text-xs text-slate-600">{t('payments.byHand', { who: notice.matchedBy })}</p> : null}
          <blockquote className="rounded bg-white/70 p-2 text-xs whitespace-pre-line break-words text-slate-700">{notice.text}</blockquote>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('order.notReceivedHelp')}</p>
      )}
    </section>
  );
}
