// A pending order's age against the shop's delivery promise, ticking: normal, amber in the promise's last third,
// red once it is broken. Finished orders show nothing (their time is in the timeline and the SLA card).
import { useTranslation } from 'react-i18next';
import { Timer } from 'lucide-react';
import type { OrderDto } from '@topup/contract/orders';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { useNow } from '../hooks/use-now';
import { formatAge, slaTone, type SlaTone } from '../lib/sla';

const TONE: Record<SlaTone, string> = {
  normal: 'bg-slate-100 text-slate-800',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
};

export function SlaClock({ order }: { order: Pick<OrderDto, 'status' | 'createdAt'> }) {
  const { t } = useTranslation('workbench');
  const now = useNow();
  const { deliveryMinutes } = useShopSettings();
  if (order.status !== 'PENDING') return <span className="text-slate-500">—</span>;
  const age = now - new Date(order.createdAt).getTime();
  const tone = slaTone(age, deliveryMinutes);
  const state = t(`sla.tone.${tone}`, { minutes: deliveryMinutes });
  return (
    <span
      data-sla={tone}
      title={state}
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONE[tone])}
    >
      <Timer className="h-3 w-3" aria-hidden />
      {/* Digits in the monospace font (they don't jump as they tick); words in the page's font (Myanmar script). */}
      <span className="font-mono tabular-nums">{formatAge(age, t)}</span>
      <span className="sr-only">{state}</span>
    </span>
  );
}
