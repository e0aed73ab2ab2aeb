// The 6-digit transaction number: digits only, cut at 6, and the spec's message on blur when it isn't 6 digits.
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_NUMBER_LENGTH } from '@topup/contract/limits';
import { sanitizeTransactionNumber } from '../lib/order-rules';

type Props = { value: string; error: string | null; onChange: (value: string) => void; onBlur: () => void };

export const TransactionNumberInput = forwardRef<HTMLInputElement, Props>(function TransactionNumberInput(
  { value, error, onChange, onBlur },
  ref,
) {
  const { t } = useTranslation('storefront');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('confirm.transactionNumber')}
      </label>
      <input
        ref={ref}
        id={id}
        name="transactionNumber"
        value={value}
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        maxLength={TRANSACTION_NUMBER_LENGTH}
        placeholder={t('confirm.transactionNumberPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(sanitizeTransactionNumber(e.target.value))}
        onBlur={onBlur}
        className={`h-11 w-full rounded-lg border bg-white px-3 text-lg tracking-[0.3em] placeholder:text-base placeholder:tracking-normal placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      {/* The check compares these digits with the END of the receipt's transaction id, nothing else. */}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t('confirm.transactionNumberHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
