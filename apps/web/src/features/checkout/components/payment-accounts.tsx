// Where to pay, for the payment method the buyer chose: that method's own instructions and only its accounts (logo,
// name, phone and the holder's name, so the buyer can check whom they pay); pressing one copies its phone number.
// Accounts from before accounts had a method count as mobile banking.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import type { PaymentMethod } from '@topup/contract/limits';
import { variantSrcSet } from '@topup/contract/images';
import { copyText } from '../../../lib/copy-text';

export function accountsFor(accounts: PaymentAccountDto[], method: PaymentMethod): PaymentAccountDto[] {
  return accounts.filter((a) => (a.paymentMethod ?? 'NORMAL') === method).sort((a, b) => a.orderIndex - b.orderIndex);
}

export function PaymentAccounts({ accounts, method, amount }: { accounts: PaymentAccountDto[]; method: PaymentMethod; amount: string }) {
  const { t } = useTranslation('storefront');
  const [status, setStatus] = useState<{ id: string; ok: boolean } | null>(null);
  const shown = accountsFor(accounts, method);
  return (
    <section data-testid="payment-accounts" data-method={method}>
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{t('confirm.payTo')}</h3>
      <p className="mb-2 text-sm text-slate-700" data-testid="payment-how-to">
        {t(`confirm.howTo.${method}`, { amount })}
      </p>
      {shown.length === 0 ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('confirm.noAccounts')}
        </p>
      ) : null}
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              onClick={() => void copyText(a.phone).then((ok) => setStatus({ id: a.id, ok }))}
              aria-label={t('confirm.copyPhone', { phone: a.phone })}
              className="flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 text-left hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid="payment-account"
            >
              {a.logo ? (
                <img
                  src={a.logo}
                  srcSet={variantSrcSet(a.logo, 96, 96)}
                  sizes="40px"
                  alt=""
                  width={40}
                  height={40}
                  className="h-10 w-10 shrink-0 rounded-lg object-cover"
                />
              ) : null}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{a.paymentName}</span>
                <span className="block font-mono text-base font-semibold tracking-wide">{a.phone}</span>
                {a.holderName ? (
                  <span className="block truncate text-sm text-slate-700" data-testid="payment-holder">
                    {t('confirm.holder', { name: a.holderName })}
                  </span>
                ) : null}
              </span>
              <Copy className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            </button>
            {status?.id === a.id ? (
              <p role="status" className={`mt-1 text-xs ${status.ok ? 'text-green-700' : 'text-red-600'}`}>
                {status.ok ? t('confirm.copied') : t('confirm.copyFailed')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
