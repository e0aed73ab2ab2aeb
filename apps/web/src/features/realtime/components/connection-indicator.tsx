// The header's live-connection indicator: a coloured dot and Connected / Reconnecting / Disconnected (Connecting while
// the first start is under way). The word is visible from the small breakpoint up and read to screen readers always.
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { ConnectionStatus } from '../api/hub-client';

const DOT: Record<ConnectionStatus, string> = {
  connecting: 'bg-amber-400 animate-pulse',
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-400 animate-pulse',
  disconnected: 'bg-red-500',
};

export function ConnectionIndicator({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation('dashboard');
  const text = t(`realtime.status.${status}`);
  return (
    <p
      role="status"
      data-testid="connection-status"
      data-state={status}
      title={t('realtime.statusLabel', { status: text })}
      className="flex items-center gap-1.5 text-xs font-medium text-slate-600"
    >
      <span aria-hidden className={cn('inline-block h-2 w-2 shrink-0 rounded-full', DOT[status])} />
      <span className="sr-only sm:not-sr-only">{text}</span>
    </p>
  );
}
