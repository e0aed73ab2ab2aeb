// The screenshot check's answer on an order row: match / mismatch / duplicate / unreadable / could not be checked /
// checking / not checked yet. A duplicate outranks the verdict: reuse is what staff must see first. A check still
// pending a minute after the order was placed is "not checked yet" (the checks are behind): staff look themselves.
// Money the shop's own wallet confirmed (a payment phone's notice) outranks them all: "paid", whatever the screenshot
// said (which stays in the badge's title).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, BadgeCheck, Check, Clock, Copy, HelpCircle, Loader2, X } from 'lucide-react';
import type { OrderPaymentState } from '@topup/contract/payment-phone-states';
import { CHECK_LATE_AFTER_MS, checkIsLate, type OrderVerdict } from '@topup/contract/verification';
import { cn } from '../../../lib/cn';

const LOOK = {
  paid: { tone: 'bg-emerald-600 text-white', Icon: BadgeCheck },
  match: { tone: 'bg-green-100 text-green-900', Icon: Check },
  mismatch: { tone: 'bg-red-100 text-red-900', Icon: X },
  duplicate: { tone: 'bg-purple-100 text-purple-900', Icon: Copy },
  unreadable: { tone: 'bg-slate-200 text-slate-800', Icon: HelpCircle },
  failed: { tone: 'bg-orange-100 text-orange-900', Icon: AlertTriangle },
  pending: { tone: 'bg-sky-100 text-sky-900', Icon: Loader2 },
  late: { tone: 'bg-amber-100 text-amber-900', Icon: Clock },
} as const;

export function badgeKind(
  verdict: OrderVerdict | null | undefined,
  isDuplicate: boolean | undefined,
  late = false,
  paymentState?: OrderPaymentState,
): keyof typeof LOOK | null {
  if (paymentState === 'received') return 'paid';
  if (isDuplicate) return 'duplicate';
  if (verdict === 'pending' && late) return 'late';
  return verdict ?? null;
}

/** Whether the check is late now, turning true by itself when the minute passes (one timer, only while pending). */
function useLate(verdict: OrderVerdict | null | undefined, placedAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const late = !!placedAt && checkIsLate(verdict, placedAt, now);
  useEffect(() => {
    if (!placedAt || verdict !== 'pending' || late) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Date.parse(placedAt) + CHECK_LATE_AFTER_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [placedAt, verdict, late]);
  return late;
}

export function VerdictBadge({
  verdict,
  isDuplicate,
  placedAt,
  paymentState,
}: {
  verdict: OrderVerdict | null | undefined;
  isDuplicate?: boolean;
  placedAt?: string;
  paymentState?: OrderPaymentState;
}) {
  const { t } = useTranslation('verification');
  const late = useLate(verdict, placedAt);
  const kind = badgeKind(verdict, isDuplicate, late, paymentState);
  if (!kind) return <span className="text-slate-500">—</span>;
  const { tone, Icon } = LOOK[kind];
  const check = badgeKind(verdict, isDuplicate, late);
  return (
    <span
      data-verdict={kind}
      title={kind === 'paid' ? t('paidTitle', { check: check ? t(`badge.${check}`) : t('notChecked') }) : undefined}
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone)}
    >
      <Icon className={cn('h-3 w-3', kind === 'pending' && 'animate-spin motion-reduce:animate-none')} aria-hidden />
      {t(`badge.${kind}`)}
    </span>
  );
}
