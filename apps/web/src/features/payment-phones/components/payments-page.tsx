// /dashboard/payments (staff): every notice the shop's phones forwarded, matched or not, with its order; money that
// came with no order (a buyer typed the wrong number) or with several possible orders is attached here by hand.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NoticeState, PaymentNoticeDto } from '@topup/contract/payment-phones';
import { NOTICE_STATES } from '@topup/contract/payment-phone-states';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field, Select, TABLE_WRAP, TD, TH, THEAD } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { useAttachNotice, usePaymentNotices } from '../api/payment-notices';
import { NoticeBadge } from './notice-badge';

const ATTACHABLE: readonly NoticeState[] = ['waiting', 'candidates', 'amount_differs', 'unread'];

function Attach({ notice }: { notice: PaymentNoticeDto }) {
  const { t } = useTranslation('payments');
  const attach = useAttachNotice();
  const [orderId, setOrderId] = useState(notice.candidates[0]?.orderId ?? '');
  const id = `attach-${notice.id}`;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (orderId.trim()) attach.mutate({ noticeId: notice.id, orderId: orderId.trim() });
      }}
    >
      {notice.candidates.length ? (
        <Field id={id} label={t('payments.chooseOrder')}>
          <Select id={id} value={orderId} onChange={(e) => setOrderId(e.target.value)}>
            {notice.candidates.map((c) => (
              <option key={c.orderId} value={c.orderId}>
                {`${c.code ?? c.orderId.slice(0, 8)} · ${formatNumber(c.subTotal)} · ${c.transactionNumber}`}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field id={id} label={t('payments.orderId')}>
          <Input id={id} value={orderId} onChange={(e) => setOrderId(e.target.value)} placeholder="00000000-0000-…" />
        </Field>
      )}
      <Button size="sm" type="submit" disabled={!orderId.trim() || attach.isPending}>
        {t('payments.attach')}
      </Button>
      <FormError error={attach.error} fallback={t('payments.attachFailed')} />
    </form>
  );
}

export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const formatDateTime = useFormatDateTime();
  const [state, setState] = useState<NoticeState | ''>('');
  const [currentPage, setCurrentPage] = useState(1);
  const notices = usePaymentNotices(state, currentPage);
  const paging = notices.data?.paging;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t('payments.title')}</h1>
      <Field id="notice-state" label={t('payments.filter')}>
        <Select
          id="notice-state"
          value={state}
          onChange={(e) => {
            setState(e.target.value as NoticeState | '');
            setCurrentPage(1);
          }}
        >
          <option value="">{t('payments.all')}</option>
          {NOTICE_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`states.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={TABLE_WRAP} role="region" aria-label={t('payments.title')} tabIndex={0}>
        <table className="w-full text-left text-sm">
          <thead className={THEAD}>
            <tr>
              <th className={TH}>{t('payments.takenAt')}</th>
              <th className={TH}>{t('payments.state')}</th>
              <th className={TH}>{t('payments.amount')}</th>
              <th className={TH}>{t('payments.message')}</th>
              <th className={TH}>{t('payments.order')}</th>
            </tr>
          </thead>
          <tbody>
            {notices.data?.items.map((n) => (
              <tr key={n.id} className="border-t border-slate-200 align-top">
                <td className={TD}>
                  <div>{formatDateTime(n.takenAt)}</div>
                  <div className="text-xs text-slate-500">{n.phoneName}</div>
                </td>
                <td className={TD}>
                  <NoticeBadge state={n.state} />
                </td>
                <td className={TD}>{n.amount === null ? '—' : formatNumber(n.amount)}</td>
                <td className={`${TD} max-w-md`}>
                  <p className="text-xs whitespace-pre-line break-words text-slate-700">{n.text}</p>
                  <p className="text-xs text-slate-500">{[n.sender, n.transactionId, n.payer].filter(Boolean).join(' · ')}</p>
                </td>
                <td className={TD}>
                  {n.orderId ? (
                    <Link className="text-indigo-700 underline" to={`/dashboard/order-detail/${n.orderId}`}>
                      {n.orderCode ?? n.orderId.slice(0, 8)}
                    </Link>
                  ) : ATTACHABLE.includes(n.state) ? (
                    <Attach notice={n} />
                  ) : null}
                  {n.matchedBy ? <p className="text-xs text-slate-500">{t('payments.byHand', { who: n.matchedBy })}</p> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {notices.isSuccess && notices.data.items.length === 0 ? <p className="p-4 text-sm text-slate-500">{t('payments.none')}</p> : null}
      </div>
      {paging && paging.totalPages > 1 ? (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={!paging.previousPage} onClick={() => setCurrentPage((p) => p - 1)}>
            {t('payments.previous')}
          </Button>
          <span className="text-sm">
            {paging.currentPage} / {paging.totalPages}
          </span>
          <Button size="sm" variant="secondary" disabled={!paging.nextPage} onClick={() => setCurrentPage((p) => p + 1)}>
            {t('payments.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
