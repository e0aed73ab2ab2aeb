// The packages of the chosen payment method (image, unit, title, price); a press selects one and highlights it.
// A code package with no code left is shown greyed with "out of stock" and can't be chosen.
import { useTranslation } from 'react-i18next';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { formatMoney, isOutOfStock } from '../lib/order-rules';
import { variantSrcSet } from '@topup/contract/images';

const IMAGE_SIZE = 64;

export function PackageGrid({
  packages,
  selectedId,
  onSelect,
}: {
  packages: TokenPackageDto[];
  selectedId: string | null;
  onSelect: (p: TokenPackageDto) => void;
}) {
  const { t } = useTranslation('storefront');
  if (!packages.length) return <p className="rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600">{t('game.noPackages')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t('game.packages')} data-testid="package-grid">
      {packages.map((p) => {
        const outOfStock = isOutOfStock(p);
        const selected = p.id === selectedId && !outOfStock;
        return (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={selected}
              disabled={outOfStock}
              onClick={() => onSelect(p)}
              data-testid="package"
              data-out-of-stock={outOfStock || undefined}
              className={`flex h-full w-full flex-col items-center gap-1 rounded-xl border-2 bg-white p-2 text-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                outOfStock
                  ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70'
                  : selected
                    ? 'border-indigo-600 bg-indigo-50'
                    : 'border-slate-200 hover:border-indigo-300'
              }`}
            >
              {p.packageImage ? (
                <img
                  src={p.packageImage}
                  srcSet={variantSrcSet(p.packageImage, 96, 160)}
                  sizes="48px"
                  alt=""
                  width={IMAGE_SIZE}
                  height={IMAGE_SIZE}
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-12 object-contain"
                />
              ) : null}
              <span className="text-xs text-slate-500">{formatMoney(p.unit)}</span>
              <span className="text-sm font-semibold text-slate-900">{p.tokenTitle}</span>
              <span className="text-sm font-bold text-indigo-700">
                {formatMoney(p.price)} {p.currency}
              </span>
              {outOfStock ? (
                <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs font-medium text-white" data-testid="out-of-stock">
                  {t('game.outOfStock')}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
