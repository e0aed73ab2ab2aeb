// The storefront's frame around Home and the Game page: header, footer, scroll to top on every path change,
// and the toast area (sonner, mounted only once a toast is shown).
import { Outlet } from 'react-router';
import { LazyToaster } from '../../components/lazy-toaster';
import { ScrollToTop } from '../../features/storefront-shell/components/scroll-to-top';
import { SiteFooter } from '../../features/storefront-shell/components/site-footer';
import { SiteHeader } from '../../features/storefront-shell/components/site-header';

export function StorefrontLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
      <LazyToaster />
    </div>
  );
}
