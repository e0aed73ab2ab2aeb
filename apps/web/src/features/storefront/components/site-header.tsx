// Storefront header: logo and store name (linking home), "My orders" and the language selector.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoUrlOf, useShopSettings } from '../../../lib/shop-settings';
import { LanguageSelect } from './language-select';

export function SiteHeader() {
  const { t } = useTranslation('storefront');
  const shop = useShopSettings();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-3 sm:px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-slate-900" aria-label={`${shop.shopName} – ${t('header.home')}`}>
          <img src={logoUrlOf(shop)} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          <span className="truncate text-lg">{shop.shopName}</span>
        </Link>
        <div className="flex shrink-0 items-center gap-2">
          <Link to="/my-orders" className="rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600" data-testid="my-orders-link">
            {t('header.myOrders')}
          </Link>
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
