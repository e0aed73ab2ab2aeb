// The header's bell: 'Notifications', 'No notifications' when empty, a red count badge and a bouncing bell
// while unread ones exist; opening one marks its order (and all the order's notifications) read and opens the order.
// `footer` is a slot under the list (the realtime feature's desktop-notification switch goes there).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Bell } from 'lucide-react';
import type { NotificationDto } from '@topup/contract/notifications';
import { cn } from '../../../lib/cn';
import { useFormatDateTime } from '../../../lib/dates';
import { useNotifications } from '../api/get-notifications';
import { useMarkOrderRead } from '../api/mark-order-read';

export function NotificationBell({ footer }: { footer?: ReactNode } = {}) {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkOrderRead();
  const items = notifications.data?.items ?? [];
  const count = notifications.data?.paging.totalCount ?? 0;

  async function open(n: NotificationDto) {
    try {
      await markRead.mutateAsync(n.orderId);
    } catch (err) {
      console.warn('Failed to mark notification read', err);
    }
    void navigate(`/dashboard/order-detail/${n.orderId}`);
  }

  // Not modal: a modal menu hides the rest of the page with aria-hidden while its buttons stay focusable (axe
  // aria-hidden-focus); the menu still takes focus, arrows move in it, Escape and a click outside close it.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={count > 0 ? t('notifications.labelUnread', { count }) : t('notifications.title')}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Bell className={cn('h-5 w-5', count > 0 && 'animate-bounce')} aria-hidden data-testid="bell-icon" />
        {count > 0 ? (
          <span
            data-testid="bell-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">{t('notifications.title')}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <div className="max-h-96 overflow-y-auto">
            {notifications.isError ? (
              <p className="px-2 py-3 text-sm text-red-600">{t('notifications.loadFailed')}</p>
            ) : items.length === 0 ? (
              <p className="px-2 py-3 text-sm text-slate-600">{t('notifications.empty')}</p>
            ) : (
              items.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  onSelect={() => void open(n)}
                  className="cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  <p className="font-medium text-slate-900">{n.message}</p>
                  <p className="text-xs text-slate-600">{formatDateTime(n.createdAt)}</p>
                </DropdownMenu.Item>
              ))
            )}
          </div>
          {footer ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              {footer}
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
