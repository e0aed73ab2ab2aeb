// Routes of spec §2. Every page is a lazy chunk, so the storefront never loads dashboard code.
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  {
    lazy: () => import('./routes/storefront-layout').then((m) => ({ Component: m.StorefrontLayout })),
    children: [
      { path: '/', lazy: () => import('./routes/home').then((m) => ({ Component: m.HomePage })) },
      { path: '/game/:gameId', lazy: () => import('./routes/game').then((m) => ({ Component: m.GamePage })) },
    ],
  },
  { path: '/login', lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginPage })) },
  { path: '/forget-password', lazy: () => import('./routes/auth/forget-password').then((m) => ({ Component: m.ForgetPasswordPage })) },
  { path: '/reset-password', lazy: () => import('./routes/auth/reset-password').then((m) => ({ Component: m.ResetPasswordPage })) },
  {
    path: '/dashboard',
    lazy: () => import('./routes/dashboard/layout').then((m) => ({ Component: m.DashboardLayout })),
    children: [
      { index: true, lazy: () => import('./routes/dashboard/overview').then((m) => ({ Component: m.OverviewPage })) },
      { path: 'change-password', lazy: () => import('./routes/dashboard/change-password').then((m) => ({ Component: m.ChangePasswordPage })) },
      { path: 'configsetting', lazy: () => import('./routes/dashboard/config-settings').then((m) => ({ Component: m.ConfigSettingsPage })) },
      { path: 'users', lazy: () => import('./routes/dashboard/users').then((m) => ({ Component: m.UsersPage })) },
      { path: 'games', lazy: () => import('./routes/dashboard/games').then((m) => ({ Component: m.GamesPage })) },
      { path: 'packages', lazy: () => import('./routes/dashboard/packages').then((m) => ({ Component: m.PackagesPage })) },
      { path: 'orders', lazy: () => import('./routes/dashboard/orders').then((m) => ({ Component: m.OrdersPage })) },
      { path: 'order-detail/:orderId', lazy: () => import('./routes/dashboard/order-detail').then((m) => ({ Component: m.OrderDetailPage })) },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
