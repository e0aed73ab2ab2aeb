// /find-order: a buyer who lost the link finds their recent orders by phone number and transaction number.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { trackingPath } from '@topup/contract/order-tracking-links';
import { findOrders } from '../../features/order-tracking/api/tracked-order';
import { ApiError } from '../../lib/http';
import { saveMyOrder } from '../../lib/my-orders';

const inputClass =
  'mt-1 h-11 w-full rounded-lg border border-slate-300 px-3 text-base focus-visible:outline-2 focus-visible:outline-indigo-600';

export function FindOrderPage() {
  const { t } = useTranslation('tracking');
  const [mobileNumber, setMobileNumber] = useState('');
  const [transactionNumber, setTransactionNumber] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: () => findOrders(mobileNumber.trim(), transactionNumber.trim()),
    onSuccess: (found) => {
      for (const o of found)
        saveMyOrder({ code: o.code, token: o.trackingToken, gameTitle: o.gameTitle, packageTitle: o.packageTitle, placedAt: o.createdAt });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^(?:09|\+?959)\d{7,9}$/.test(mobileNumber.replace(/[\s-]/g, ''))) return setHint(t('find.invalidMobile'));
    if (!/^\d{6}$/.test(transactionNumber.trim())) return setHint(t('find.invalidTransaction'));
    setHint(null);
    search.mutate();
  };
  const error = search.error instanceof ApiError ? search.error.message : search.error ? String(search.error) : null;
  return (
    <main className="mx-auto max-w-md px-3 py-4 sm:px-4">
      <h1 className="text-xl font-bold">{t('find.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('find.intro')}</p>
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="block text-sm font-medium">
          {t('find.mobile')}
          <input
            className={inputClass}
            name="mobileNumber"
            inputMode="tel"
            autoComplete="tel"
            value={mobileNumber}
            onChange={(e) => setMobileNumber(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium">
          {t('find.transaction')}
          <input
            className={inputClass}
            name="transactionNumber"
            inputMode="numeric"
            maxLength={6}
            value={transactionNumber}
            onChange={(e) => setTransactionNumber(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </label>
        {hint || error ? (
          <p role="alert" className="text-sm text-red-700">
            {hint ?? error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={search.isPending}
          className="h-11 w-full rounded-lg bg-indigo-600 font-medium text-white hover:bg-indigo-700 disabled:bg-slate-400"
        >
          {search.isPending ? t('find.searching') : t('find.submit')}
        </button>
      </form>
      {search.isSuccess ? (
        search.data.length === 0 ? (
          <p className="mt-4 text-slate-700" role="status">
            {t('find.none')}
          </p>
        ) : (
          <section className="mt-4">
            <h2 className="mb-2 font-semibold">{t('find.results')}</h2>
            <ul className="space-y-2">
              {search.data.map((o) => (
                <li key={o.code}>
                  <Link
                    to={trackingPath(o.code, o.trackingToken)}
                    className="block rounded-lg border border-slate-200 bg-white p-3 hover:bg-slate-50"
                  >
                    <span className="font-mono font-bold tracking-wider">{o.code}</span> · {t(`stage.${o.stage}`)}
                    <span className="block text-sm text-slate-700">
                      {o.gameTitle} – {o.packageTitle}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )
      ) : null}
    </main>
  );
}
