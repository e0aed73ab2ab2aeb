// The app's routes. Every page is a lazy chunk, so the storefront never loads dashboard code.
// Declarative <BrowserRouter>/<Routes> rather than the data router (createBrowserRouter): the app uses no loaders
// or actions, and the data router costs ~17 KB gzipped on every first load (docs/decisions/0011-storefront-js-budget.md).
// The server renders `/` and `/game/{id}` with the same routes (entry-server.tsx); it and the browser, before
// hydrating, load the page's chunks first (preloadRoute), so the page renders without suspending and matches the HTML.
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { BrowserRouter, createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { wholeStylesheet } from '../lib/whole-stylesheet';

type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * A lazy route page. `staff`: outside the storefront, so it needs the whole stylesheet, which a storefront page
 * doesn't carry (lib/whole-stylesheet.ts); its chunk and the stylesheet load together.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, staff = false): Page {
  let loaded: ComponentType | null = null;
  const preload = () => (staff ? Promise.all([load(), wholeStylesheet()]).then(([m]) => m) : load()).then((m) => (loaded = pick(m)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function RoutePage() {
    // Chosen once per mount: the loaded component when its chunk is already in (no suspending), else the lazy one.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(RoutePage, { preload });
}

const StorefrontLayout = page(
  () => import('./routes/storefront-layout'),
  (m) => m.StorefrontLayout,
);
const HomePage = page(
  () => import('./routes/home'),
  (m) => m.HomePage,
);
const GamePage = page(
  () => import('./routes/game'),
  (m) => m.GamePage,
);
const OrderStatusPage = page(
  () => import('./routes/order-status'),
  (m) => m.OrderStatusPage,
);
const MyOrdersPage = page(
  () => import('./routes/my-orders'),
  (m) => m.MyOrdersPage,
);
const FindOrderPage = page(
  () => import('./routes/find-order'),
  (m) => m.FindOrderPage,
);
const LoginPage = page(
  () => import('./routes/auth/login'),
  (m) => m.LoginPage,
  true,
);
const ForgetPasswordPage = page(
  () => import('./routes/auth/forget-password'),
  (m) => m.ForgetPasswordPage,
  true,
);
const ResetPasswordPage = page(
  () => import('./routes/auth/reset-password'),
  (m) => m.ResetPasswordPage,
  true,
);
const DashboardLayout = page(
  () => import('./routes/dashboard/layout'),
  (m) => m.DashboardLayout,
  true,
);
const OverviewPage = page(
  () => import('./routes/dashboard/overview'),
  (m) => m.OverviewPage,
  true,
);
const ChangePasswordPage = page(
  () => import('./routes/dashboard/change-password'),
  (m) => m.ChangePasswordPage,
  true,
);
const PaymentAccountsPage = page(
  () => import('./routes/dashboard/payment-accounts'),
  (m) => m.PaymentAccountsPage,
  true,
);
const UsersPage = page(
  () => import('./routes/dashboard/users'),
  (m) => m.UsersPage,
  true,
);
const GamesPage = page(
  () => import('./routes/dashboard/games'),
  (m) => m.GamesPage,
  true,
);
const PackagesPage = page(
  () => import('./routes/dashboard/packages'),
  (m) => m.PackagesPage,
  true,
);
const OrdersPage = page(
  () => import('./routes/dashboard/orders'),
  (m) => m.OrdersPage,
  true,
);
const OrderDetailPage = page(
  () => import('./routes/dashboard/order-detail'),
  (m) => m.OrderDetailPage,
  true,
);
const ShopSettingsPage = page(
  () => import('../features/shop-settings/components/shop-settings-page'),
  (m) => m.ShopSettingsPage,
  true,
);
const TwoFactorPage = page(
  () => import('../features/two-factor/components/two-factor-page'),
  (m) => m.TwoFactorPage,
  true,
);
const PaymentPhonesPage = page(
  () => import('../features/payment-phones/components/payment-phones-page'),
  (m) => m.PaymentPhonesPage,
  true,
);
const PaymentsPage = page(
  () => import('../features/payment-phones/components/payments-page'),
  (m) => m.PaymentsPage,
  true,
);
const CodeStockPage = page(
  () => import('../features/code-stock/components/code-stock-page'),
  (m) => m.CodeStockPage,
  true,
);
const PackageDeliveryPage = page(
  () => import('../features/code-stock/components/package-delivery-page'),
  (m) => m.PackageDeliveryPage,
  true,
);
const AutoDeliveryPage = page(
  () => import('../features/auto-delivery/components/auto-delivery-page'),
  (m) => m.AutoDeliveryPage,
  true,
);
const AcceptInvitationPage = page(
  () => import('../features/invitations/components/accept-invitation-page'),
  (m) => m.AcceptInvitationPage,
  true,
);
const NotFoundPage = page(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);

const routes = (
  <>
    <Route element={<StorefrontLayout />}>
      <Route path="/" element={<HomePage />} />
      <Route path="/game/:gameId" element={<GamePage />} />
      <Route path="/order/:code" element={<OrderStatusPage />} />
      <Route path="/my-orders" element={<MyOrdersPage />} />
      <Route path="/find-order" element={<FindOrderPage />} />
    </Route>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/forget-password" element={<ForgetPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
    <Route path="/dashboard" element={<DashboardLayout />}>
      <Route index element={<OverviewPage />} />
      <Route path="change-password" element={<ChangePasswordPage />} />
      <Route path="configsetting" element={<PaymentAccountsPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="games" element={<GamesPage />} />
      <Route path="packages" element={<PackagesPage />} />
      <Route path="orders" element={<OrdersPage />} />
      <Route path="order-detail/:orderId" element={<OrderDetailPage />} />
      <Route path="settings" element={<ShopSettingsPage />} />
      <Route path="two-factor" element={<TwoFactorPage />} />
      <Route path="payment-phones" element={<PaymentPhonesPage />} />
      <Route path="payments" element={<PaymentsPage />} />
      <Route path="code-stock" element={<CodeStockPage />} />
      <Route path="code-stock/:packageId" element={<PackageDeliveryPage />} />
      <Route path="auto-delivery" element={<AutoDeliveryPage />} />
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </>
);

/** The route table in a suspense boundary: the browser wraps it in a BrowserRouter, the server in a StaticRouter. */
export function AppRoutes() {
  return (
    // Navigations run in a transition, so the current page stays up while the next one's chunk loads.
    <Suspense fallback={null}>
      <Routes>{routes}</Routes>
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Loads the chunks of every route that matches `pathname` (layout and page). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  return Promise.all(matches.map((m) => ((m.route.element as ReactElement | undefined)?.type as Partial<Page> | undefined)?.preload?.()));
}
