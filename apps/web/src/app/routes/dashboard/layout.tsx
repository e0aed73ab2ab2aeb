// /dashboard/*: the guard (anonymous visitors go to /login with 'You need to login first!'), then the shell —
// sidebar, header with breadcrumb, live-connection indicator and bell — around the nested page. Scrolls to the top on
// every path change. While an admin is signed in, the realtime hub's pushes are written into the orders cache here.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../../../lib/http';
import { sessionActions, useSession } from '../../../features/auth/hooks/session-store';
import { AppSidebar, OWNER_ONLY_PATHS } from '../../../features/dashboard-shell/components/app-sidebar';
import { DashboardHeader } from '../../../features/dashboard-shell/components/dashboard-header';
import { SidebarProvider } from '../../../features/dashboard-shell/hooks/sidebar-context';
import { NotificationBell } from '../../../features/orders/components/notification-bell';
import { addIncomingNotification, addIncomingOrder, applyOrderChange, resyncOrders } from '../../../features/orders/api/order-cache';
import { verdictChanged } from '../../../features/orders/api/verification';
import { useDashboardRealtime } from '../../../features/realtime/hooks/use-dashboard-realtime';
import { ConnectionIndicator } from '../../../features/realtime/components/connection-indicator';
import { StaffLanguageSelect } from '../../../features/staff-language/components/staff-language-select';
import { DesktopNotificationsToggle } from '../../../features/realtime/components/desktop-notifications-toggle';
import { useMe } from '../../../lib/me';
import { useDashboardApp } from '../../../features/staff-alerts/hooks/use-dashboard-app';
import { useStaffAlertsMenu } from '../../../features/staff-alerts/components/staff-alerts-menu-item';
import { paymentNoticePushed } from '../../../features/payment-phones/api/payment-notices';
import { lowStockPushed } from '../../../features/code-stock/api/low-stock-pushed';

export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { isAuthenticated, user, endReason } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const me = useMe(isAuthenticated);
  // Installable, with alerts on locked phones: the manifest and service worker exist on dashboard pages only.
  useDashboardApp(isAuthenticated);
  const alerts = useStaffAlertsMenu(me.data?.role === 'owner');
  const connection = useDashboardRealtime(isAuthenticated, {
    onOrder: (order) => addIncomingOrder(queryClient, order),
    onNotification: (notification) => addIncomingNotification(queryClient, notification),
    onResync: () => resyncOrders(queryClient),
    onOpenNotification: (notification) => void navigate(`/dashboard/order-detail/${notification.orderId}`),
    onVerdict: (event) => verdictChanged(queryClient, event),
    onOrderChanged: (event) => applyOrderChange(queryClient, event),
    onPaymentNotice: (event) => paymentNoticePushed(queryClient, event),
    onLowStock: (event) => lowStockPushed(queryClient, event),
  });

  useEffect(() => {
    // A failed refresh (lib/http.ts) ends the session: go to /login inside the app instead of reloading the page.
    setSessionExpiredHandler(() => {
      sessionActions.expired();
      void navigate('/login', { replace: true, state: { message: t('auth.sessionExpired') } });
    });
    return () => setSessionExpiredHandler(() => window.location.assign('/login'));
  }, [navigate, t]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  if (!isAuthenticated) {
    const message = endReason === 'logout' ? undefined : endReason === 'expired' ? t('auth.sessionExpired') : t('auth.needLogin');
    return <Navigate to="/login" replace state={message ? { message } : null} />;
  }

  // A shop that requires two-factor sign-in sends a user without it to turn it on first.
  if (me.data?.mustEnableTwoFactor && pathname !== '/dashboard/two-factor') return <Navigate to="/dashboard/two-factor" replace />;

  function logout() {
    // The tokens are forgotten at once, so the guard above takes the admin to /login.
    sessionActions.logout().catch((err: unknown) => console.warn('Logout failed', err));
  }

  return (
    <SidebarProvider>
      <AppSidebar email={user?.email ?? ''} onLogout={logout} role={me.data?.role ?? null} accountItems={alerts.item} />
      {alerts.dialog}
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          bell={<NotificationBell footer={<DesktopNotificationsToggle />} />}
          connectionStatus={<ConnectionIndicator status={connection} />}
          languageSelect={<StaffLanguageSelect />}
        />
        <main className="min-w-0 flex-1 p-4 md:p-6">
          {me.data?.role === 'staff' && OWNER_ONLY_PATHS.includes(pathname.replace(/\/+$/, '')) ? (
            <p role="alert" data-testid="owner-only" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
              {t('nav.ownerOnly')}
            </p>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </SidebarProvider>
  );
}
