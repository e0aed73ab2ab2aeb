// Storefront header: logo and store name (linking home) and the language selector.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shop } from '../../../config/shop';
import { LanguageSelect } from './language-select';

export function SiteHeader() {
  const { t } = useTranslation('storefront');
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-3 sm:px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-slate-900" aria-label={`${shop.name} – ${t('header.home')}`}>
          <img src={shop.logoUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          <span className="truncate text-lg">{shop.name}</span>
        </Link>
        <LanguageSelect />
      </div>
    </header>
  );
}
