// Storefront header: logo and store name (linking home), "My orders" and the language selector. On a phone the shop's
// name gets the room: "My orders" shrinks to its icon (its name stays for screen readers and on hover), and a long
// name wraps onto a second line instead of being cut to a few letters.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReceiptText } from 'lucide-react';
import { logoUrlOf, useShopSettings } from '../../../lib/shop-settings';
import { LanguageSelect } from './language-select';

export function SiteHeader() {
  const { t } = useTranslation('storefront');
  const shop = useShopSettings();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-3 sm:px-4">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-bold text-slate-900"
          aria-label={`${shop.shopName} – ${t('header.home')}`}
        >
          <img src={logoUrlOf(shop)} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          <span className="line-clamp-2 text-base leading-tight break-words sm:text-lg" data-testid="shop-name">
            {shop.shopName}
          </span>
        </Link>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to="/my-orders"
            title={t('header.myOrders')}
            className="flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            data-testid="my-orders-link"
          >
            <ReceiptText className="h-5 w-5 shrink-0 sm:hidden" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('header.myOrders')}</span>
          </Link>
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
