// The dashboard header: sidebar trigger, store title, breadcrumb, and on the right the realtime connection status
// (slot filled by the realtime feature) and the notification bell.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Breadcrumb } from './breadcrumb';
import { SidebarTrigger } from './sidebar';
import { useShopSettings } from '../../../lib/shop-settings';

export type DashboardHeaderProps = {
  bell: ReactNode;
  /** Where the live-connection indicator goes (the realtime issue supplies it); nothing is shown while empty. */
  connectionStatus?: ReactNode;
  /** The staff member's language choice (its own feature). */
  languageSelect?: ReactNode;
};

export function DashboardHeader({ bell, connectionStatus, languageSelect }: DashboardHeaderProps) {
  const { pathname } = useLocation();
  const shop = useShopSettings();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <span aria-hidden className="h-5 w-px bg-slate-200" />
      <p className="hidden shrink-0 font-semibold text-slate-900 lg:block">{shop.shopName}</p>
      <span aria-hidden className="hidden h-5 w-px bg-slate-200 lg:block" />
      <Breadcrumb pathname={pathname} />
      <div className="ml-auto flex items-center gap-2">
        <div data-slot="connection-status" className="flex items-center">
          {connectionStatus}
        </div>
        {languageSelect}
        {bell}
      </div>
    </header>
  );
}
