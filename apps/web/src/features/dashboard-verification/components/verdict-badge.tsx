// The screenshot check's answer on an order row: match / mismatch / duplicate / unreadable / could not be checked /
// checking. A duplicate outranks the verdict: reuse is what staff must see first.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, Copy, HelpCircle, Loader2, X } from 'lucide-react';
import type { OrderVerdict } from '@topup/contract/verification';
import { cn } from '../../../lib/cn';

const LOOK = {
  match: { tone: 'bg-green-100 text-green-900', Icon: Check },
  mismatch: { tone: 'bg-red-100 text-red-900', Icon: X },
  duplicate: { tone: 'bg-purple-100 text-purple-900', Icon: Copy },
  unreadable: { tone: 'bg-slate-200 text-slate-800', Icon: HelpCircle },
  failed: { tone: 'bg-orange-100 text-orange-900', Icon: AlertTriangle },
  pending: { tone: 'bg-sky-100 text-sky-900', Icon: Loader2 },
} as const;

export function badgeKind(verdict: OrderVerdict | null | undefined, isDuplicate: boolean | undefined): keyof typeof LOOK | null {
  if (isDuplicate) return 'duplicate';
  return verdict ?? null;
}

export function VerdictBadge({ verdict, isDuplicate }: { verdict: OrderVerdict | null | undefined; isDuplicate?: boolean }) {
  const { t } = useTranslation('verification');
  const kind = badgeKind(verdict, isDuplicate);
  if (!kind) return <span className="text-slate-500">—</span>;
  const { tone, Icon } = LOOK[kind];
  return (
    <span data-verdict={kind} className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone)}>
      <Icon className={cn('h-3 w-3', kind === 'pending' && 'animate-spin motion-reduce:animate-none')} aria-hidden />
      {t(`badge.${kind}`)}
    </span>
  );
}
