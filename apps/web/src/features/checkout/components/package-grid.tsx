// The packages of the chosen payment method (image, unit, title, price); a press selects one and highlights it.
import { useTranslation } from 'react-i18next';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { formatMoney } from '../lib/order-rules';
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
        const selected = p.id === selectedId;
        return (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(p)}
              data-testid="package"
              className={`flex h-full w-full flex-col items-center gap-1 rounded-xl border-2 bg-white p-2 text-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                selected ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:border-indigo-300'
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
            </button>
          </li>
        );
      })}
    </ul>
  );
}
