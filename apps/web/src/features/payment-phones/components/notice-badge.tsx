// A notice's state as a coloured label, the same on the Payments page and on an order.
import { useTranslation } from 'react-i18next';
import type { NoticeState } from '@topup/contract/payment-phones';

const TONE: Record<NoticeState, string> = {
  new: 'bg-slate-100 text-slate-700',
  unread: 'bg-amber-100 text-amber-900',
  ignored: 'bg-slate-100 text-slate-500',
  waiting: 'bg-sky-100 text-sky-900',
  candidates: 'bg-orange-100 text-orange-900',
  amount_differs: 'bg-red-100 text-red-800',
  matched: 'bg-emerald-100 text-emerald-800',
};

export function NoticeBadge({ state }: { state: NoticeState }) {
  const { t } = useTranslation('payments');
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[state]}`}>{t(`states.${state}`)}</span>;
}
