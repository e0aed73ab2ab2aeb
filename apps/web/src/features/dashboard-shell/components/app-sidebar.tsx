// The dashboard's navigation: brand linking to /dashboard, the Platform group with five collapsible groups
// (open by default), icons with instant tooltips when collapsed, and the footer menu with the signed-in admin.
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Collapsible, DropdownMenu, Tooltip } from 'radix-ui';
import {
  ChevronRight,
  ChevronsUpDown,
  Gamepad2,
  KeyRound,
  LogOut,
  Package,
  ReceiptText,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Store,
  Users,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useSidebar } from '../hooks/sidebar-context';
import { Sidebar } from './sidebar';
import { useShopSettings } from '../../../lib/shop-settings';

type NavGroup = {
  key: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  items: { key: string; url: string }[];
  /** Staff work orders only; the server refuses them the rest (docs/decisions/0040-roles.md). */
  ownerOnly?: boolean;
};

export const NAV_GROUPS: NavGroup[] = [
  { key: 'user', icon: Users, items: [{ key: 'usersList', url: '/dashboard/users' }], ownerOnly: true },
  { key: 'game', icon: Gamepad2, items: [{ key: 'gameList', url: '/dashboard/games' }], ownerOnly: true },
  {
    key: 'tokenPackage',
    icon: Package,
    items: [
      { key: 'tokenPackageList', url: '/dashboard/packages' },
      { key: 'codeStock', url: '/dashboard/code-stock' },
    ],
    ownerOnly: true,
  },
  {
    key: 'order',
    icon: ReceiptText,
    items: [
      { key: 'orderList', url: '/dashboard/orders' },
      { key: 'payments', url: '/dashboard/payments' },
    ],
  },
  { key: 'configSetting', icon: Settings, items: [{ key: 'configSettingList', url: '/dashboard/configsetting' }], ownerOnly: true },
  {
    key: 'shop',
    icon: SlidersHorizontal,
    items: [
      { key: 'shopSettings', url: '/dashboard/settings' },
      { key: 'paymentPhones', url: '/dashboard/payment-phones' },
      { key: 'autoDelivery', url: '/dashboard/auto-delivery' },
    ],
    ownerOnly: true,
  },
];

function initials(email: string): string {
  return (email.split('@')[0] ?? '?').slice(0, 2).toUpperCase();
}

/** Pages only owners may open; a staff member who follows a link to one is told so instead of being refused later. */
export const OWNER_ONLY_PATHS: readonly string[] = NAV_GROUPS.filter((g) => g.ownerOnly).flatMap((g) => g.items.map((i) => i.url));

/** `role` null while the signed-in user's role is loading: nothing owner-only shows until it is known. */
export function AppSidebar({
  email,
  onLogout,
  role = 'owner',
  accountItems,
}: {
  email: string;
  onLogout: () => void;
  role?: 'owner' | 'staff' | null;
  /** More entries of the account menu from other features (staff alerts), above sign-out. */
  accountItems?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const shop = useShopSettings();
  const { open, isMobile, setOpenMobile } = useSidebar();
  const expanded = open || isMobile;
  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar>
      <div className="flex h-14 items-center border-b border-slate-800 px-2">
        <Link
          to="/dashboard"
          onClick={closeMobile}
          className="flex min-w-0 items-center gap-2 rounded-md p-1.5 font-semibold hover:bg-slate-800"
          aria-label={expanded ? undefined : shop.shopName}
        >
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-md bg-indigo-500 text-white">
            <Store className="h-4 w-4" aria-hidden />
          </span>
          {expanded ? <span className="truncate">{shop.shopName}</span> : null}
        </Link>
      </div>

      <nav aria-label={t('nav.platform')} className="flex-1 overflow-y-auto overflow-x-hidden p-2">
        {expanded ? <p className="px-2 pb-1 text-xs font-medium tracking-wide text-slate-400 uppercase">{t('nav.platform')}</p> : null}
        <ul className="space-y-1">
          {NAV_GROUPS.filter((group) => role === 'owner' || !group.ownerOnly).map((group) => {
            const Icon = group.icon;
            if (!expanded) {
              const first = group.items[0]!;
              return (
                <li key={group.key}>
                  <Tooltip.Root>
                    <Tooltip.Trigger asChild>
                      <NavLink
                        to={first.url}
                        aria-label={t(`nav.${group.key}`)}
                        className={({ isActive }) =>
                          cn(
                            'flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-800',
                            isActive && 'bg-slate-700 text-white',
                          )
                        }
                      >
                        <Icon className="h-4 w-4" aria-hidden />
                      </NavLink>
                    </Tooltip.Trigger>
                    <Tooltip.Portal>
                      <Tooltip.Content
                        side="right"
                        sideOffset={8}
                        className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
                      >
                        {t(`nav.${group.key}`)}
                      </Tooltip.Content>
                    </Tooltip.Portal>
                  </Tooltip.Root>
                </li>
              );
            }
            return (
              <li key={group.key}>
                <Collapsible.Root defaultOpen className="group/collapsible">
                  <Collapsible.Trigger className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-800">
                    <Icon className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="flex-1 truncate">{t(`nav.${group.key}`)}</span>
                    <ChevronRight
                      className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]/collapsible:rotate-90"
                      aria-hidden
                    />
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <ul className="ml-4 border-l border-slate-700 py-1 pl-2">
                      {group.items.map((item) => (
                        <li key={item.key}>
                          <NavLink
                            to={item.url}
                            onClick={closeMobile}
                            className={({ isActive }) =>
                              cn(
                                'block rounded-md px-2 py-1.5 text-sm text-slate-300 hover:bg-slate-800 hover:text-white',
                                isActive && 'bg-slate-800 font-medium text-white',
                              )
                            }
                          >
                            {t(`nav.${item.key}`)}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="border-t border-slate-800 p-2">
        {/* Not modal: a modal menu hides the rest of the page with aria-hidden while its buttons stay focusable
            (axe aria-hidden-focus); the menu still takes focus, arrows move in it, Escape and a click outside close it. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={t('nav.account', { email })}
            className="flex w-full items-center gap-2 rounded-md p-1.5 text-left hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-xs font-semibold text-white">
              {initials(email)}
            </span>
            {expanded ? (
              <>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium" data-testid="sidebar-user-email">
                    {email}
                  </span>
                  {role ? (
                    <span className="block text-xs text-slate-400" data-testid="sidebar-user-role">
                      {t(`nav.roles.${role}`)}
                    </span>
                  ) : null}
                </span>
                <ChevronsUpDown className="h-4 w-4 shrink-0" aria-hidden />
              </>
            ) : null}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              side={isMobile ? 'top' : 'right'}
              align="end"
              sideOffset={8}
              className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
            >
              <DropdownMenu.Label className="truncate px-2 py-1.5 text-sm font-medium">{email}</DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item asChild>
                <Link
                  to="/dashboard/change-password"
                  onClick={closeMobile}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  <KeyRound className="h-4 w-4" aria-hidden />
                  {t('nav.changePassword')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link
                  to="/dashboard/two-factor"
                  onClick={closeMobile}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  <ShieldCheck className="h-4 w-4" aria-hidden />
                  {t('nav.twoFactor')}
                </Link>
              </DropdownMenu.Item>
              {accountItems}
              <DropdownMenu.Item
                onSelect={onLogout}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                <LogOut className="h-4 w-4" aria-hidden />
                {t('nav.logout')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </Sidebar>
  );
}
