// Any path the app doesn't know: the storefront's header and footer around 'Page not found'.
import { SiteFooter } from '../../features/storefront-shell/components/site-footer';
import { SiteHeader } from '../../features/storefront-shell/components/site-header';
import { NotFoundView } from '../../features/storefront-shell/components/not-found-view';

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <NotFoundView />
      </div>
      <SiteFooter />
    </div>
  );
}
