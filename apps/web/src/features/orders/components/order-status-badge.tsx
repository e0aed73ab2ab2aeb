// An order status as a coloured label (text colours chosen for contrast on their backgrounds).
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@topup/contract/limits';
import { cn } from '../../../lib/cn';

const TONE: Record<OrderStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  COMPLETED: 'bg-green-100 text-green-900',
  CANCELLED: 'bg-red-100 text-red-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', TONE[status])}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}
