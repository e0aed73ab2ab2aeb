// The confirm dialog: order summary in MMK, where to pay, the transaction number, the screenshot, and Confirm
// (disabled until a screenshot is ready and while sending, labelled 'Processing...', with upload progress).
// Loaded only when a buyer first can press Buy Now, so Radix and the dropzone stay off the page's first load.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { CURRENCY_SHOWN, type PaymentMethod } from '@topup/contract/limits';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney, isValidTransactionNumber } from '../lib/order-rules';
import { PaymentAccounts } from './payment-accounts';
import { ScreenshotPicker, type Screenshot } from './screenshot-picker';
import { TransactionNumberInput } from './transaction-number-input';

export type ConfirmErrors = { transactionNumber?: string; screenshot?: string };

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pkg: TokenPackageDto;
  quantity: number;
  subTotal: number;
  total: number;
  accounts: PaymentAccountDto[];
  /** The buyer's payment method: its own instructions and accounts are shown. */
  paymentMethod: PaymentMethod;
  submitting: boolean;
  /** Upload progress 0–1 while sending. */
  progress: number | null;
  networkError: boolean;
  errors: ConfirmErrors;
  onEdit: (field: keyof ConfirmErrors) => void;
  onConfirm: (value: { transactionNumber: string; screenshot: File }) => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    onOpenChange,
    pkg,
    quantity,
    subTotal,
    total,
    accounts,
    paymentMethod,
    submitting,
    progress,
    networkError,
    errors,
    onEdit,
    onConfirm,
  } = props;
  const { t } = useTranslation('storefront');
  const [transactionNumber, setTransactionNumber] = useState('');
  const [txnError, setTxnError] = useState<string | null>(null);
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const [preparing, setPreparing] = useState(false);
  const txnRef = useRef<HTMLInputElement>(null);

  // A refusal from the server about a field of this dialog: show that field and put the cursor there.
  useEffect(() => {
    if (!errors.transactionNumber && !errors.screenshot) return;
    const el = errors.transactionNumber ? txnRef.current : document.querySelector<HTMLElement>('[data-testid="screenshot-drop"]');
    el?.scrollIntoView?.({ block: 'center' });
    el?.focus();
  }, [errors.transactionNumber, errors.screenshot]);

  const checkTxn = (value: string) => {
    const ok = isValidTransactionNumber(value);
    setTxnError(ok ? null : t('confirm.transactionNumberError'));
    return ok;
  };

  const confirm = () => {
    if (submitting) return;
    if (!checkTxn(transactionNumber)) {
      txnRef.current?.scrollIntoView?.({ block: 'center' });
      txnRef.current?.focus();
      return;
    }
    if (screenshot) onConfirm({ transactionNumber, screenshot: screenshot.file });
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  // A disabled button says why, right under it (submitting already says so on the button).
  const disabledReason = submitting
    ? null
    : preparing
      ? t('confirm.disabledReason.preparing')
      : !screenshot
        ? t('confirm.disabledReason.screenshot')
        : null;
  const row = 'flex justify-between gap-4 py-1';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!submitting) onOpenChange(next);
      }}
      title={t('confirm.title')}
      closeLabel={t('confirm.close')}
    >
      <div className="space-y-4">
        <section aria-label={t('confirm.summary')} className="rounded-xl bg-slate-50 p-3 text-sm">
          <div className={row}>
            <span className="text-slate-600">{t('confirm.package')}</span>
            <span className="text-right font-medium">{pkg.tokenTitle}</span>
          </div>
          <div className={row}>
            <span className="text-slate-600">{t('confirm.quantity')}</span>
            <span className="font-medium" data-testid="confirm-quantity">
              {quantity}
            </span>
          </div>
          <div className={row}>
            <span className="text-slate-600">{t('confirm.subTotal')}</span>
            <span className="font-medium">
              {formatMoney(subTotal)} {CURRENCY_SHOWN}
            </span>
          </div>
          <div className={`${row} border-t border-slate-200 text-base`}>
            <span className="font-semibold">{t('confirm.total')}</span>
            <span className="font-bold text-indigo-700" data-testid="confirm-total">
              {formatMoney(total)} {CURRENCY_SHOWN}
            </span>
          </div>
        </section>
        <PaymentAccounts accounts={accounts} method={paymentMethod} amount={`${formatMoney(total)} ${CURRENCY_SHOWN}`} />
        <TransactionNumberInput
          ref={txnRef}
          value={transactionNumber}
          error={txnError ?? errors.transactionNumber ?? null}
          onChange={(v) => {
            setTransactionNumber(v);
            if (txnError && isValidTransactionNumber(v)) setTxnError(null);
            if (errors.transactionNumber) onEdit('transactionNumber');
          }}
          onBlur={() => checkTxn(transactionNumber)}
        />
        <ScreenshotPicker
          value={screenshot}
          onChange={(s) => {
            setScreenshot(s);
            if (errors.screenshot) onEdit('screenshot');
          }}
          onBusyChange={setPreparing}
          error={errors.screenshot ?? null}
          disabled={submitting}
        />
        {networkError && !submitting ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {t('confirm.networkError')}
          </p>
        ) : null}
        {submitting && progress !== null && progress < 1 ? (
          <div>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t('confirm.uploading', { percent })}
            >
              <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600" aria-live="polite">
              {t('confirm.uploading', { percent })}
            </p>
          </div>
        ) : null}
        <button
          type="button"
          onClick={confirm}
          disabled={!screenshot || preparing || submitting}
          aria-describedby={disabledReason ? 'confirm-disabled-reason' : undefined}
          className="flex h-12 w-full items-center justify-center rounded-lg bg-indigo-600 text-lg font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          data-testid="confirm-order"
        >
          {submitting ? t('confirm.processing') : networkError ? t('confirm.retry') : t('confirm.confirm')}
        </button>
        {disabledReason ? (
          <p id="confirm-disabled-reason" className="-mt-2 text-center text-sm text-slate-700" data-testid="confirm-disabled-reason">
            {disabledReason}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
