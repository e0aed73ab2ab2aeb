// Mobile Banking (NORMAL, the default) or Phone Bill (PHONEBILL): which packages the grid shows.
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@topup/contract/limits';

const METHODS: { value: PaymentMethod; key: 'game.normal' | 'game.phoneBill' }[] = [
  { value: 'NORMAL', key: 'game.normal' },
  { value: 'PHONEBILL', key: 'game.phoneBill' },
];

export function PaymentMethodToggle({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  const { t } = useTranslation('storefront');
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-semibold">{t('game.paymentMethod')}</legend>
      <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
        {METHODS.map((m) => (
          <label
            key={m.value}
            className={`flex h-11 cursor-pointer items-center justify-center rounded-lg text-center text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
              value === m.value ? 'bg-white text-indigo-700 shadow' : 'text-slate-700'
            }`}
          >
            <input
              type="radio"
              name="paymentMethod"
              value={m.value}
              checked={value === m.value}
              onChange={() => onChange(m.value)}
              className="sr-only"
            />
            {t(m.key)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
