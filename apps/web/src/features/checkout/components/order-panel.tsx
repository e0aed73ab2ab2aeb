// The buying side of the game page: account details, payment method, packages, quantity, totals, Buy Now and
// the confirm dialog. On 201 it resets and goes home with the success message; on a refusal it toasts the
// recheck message and shows the red hint and each field's own message; a dropped connection keeps the dialog
// open with Retry. Confirm is single-flight: one request at a time, never a second while one is out.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameDetailDto } from '@topup/contract/games';
import { TIMINGS } from '@topup/contract/limits';
import { trackingPath } from '@topup/contract/order-tracking-links';
import { saveMyOrder } from '../../../lib/my-orders';
import { ApiError } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { randomId } from '../../../lib/uuid';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCreateOrder } from '../api/create-order';
import { useOrderForm } from '../hooks/use-order-form';
import { formatMoney, isMobileNumber, needsServerInfo, quantityLimit } from '../lib/order-rules';
import { AccountFields, type AccountFieldName } from './account-fields';
import type { ConfirmErrors } from './confirm-dialog';
import { PackageGrid } from './package-grid';
import { PaymentMethodToggle } from './payment-method-toggle';
import { QuantityStepper } from './quantity-stepper';
import { variantSrcSet } from '@topup/contract/images';

const loadConfirmDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

const ACCOUNT_FIELDS: AccountFieldName[] = ['inGameUserId', 'serverInfo', 'mobileNumber'];

/** `onStockChanged`: the server said a package's stock moved (409): the caller reads the game's packages again. */
export function OrderPanel({ game, onStockChanged }: { game: GameDetailDto; onStockChanged?: () => void }) {
  const { t } = useTranslation('storefront');
  const navigate = useNavigate();
  const form = useOrderForm(game.tokenPackageDto);
  const { state, dispatch, selected } = form;
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AccountFieldName, string>>>({});
  const [confirmErrors, setConfirmErrors] = useState<ConfirmErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [orderFailed, setOrderFailed] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  /** Once opened the dialog stays mounted, so closing it keeps the transaction number and screenshot. */
  const [dialogUsed, setDialogUsed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [networkError, setNetworkError] = useState(false);
  const inFlight = useRef(false);
  const panel = useRef<HTMLDivElement>(null);
  // One key per Buy Now press; Retry after a dropped connection repeats it (see docs/decisions/0013).
  const attemptKey = useRef(randomId());
  const mutation = useCreateOrder(setProgress);
  // The form comes in the server's HTML before its script: until hydrated it takes no input that React would not see
  // (a typed user ID or a chosen package would be lost, or shown but not sent).
  const hydrated = useHydrated();

  // Fetch the dialog's code as soon as the buyer could open it, so the press itself doesn't wait on the network.
  useEffect(() => {
    if (form.canBuy) void loadConfirmDialog();
  }, [form.canBuy]);

  const setField = (name: AccountFieldName, value: string) => {
    dispatch({ type: 'field', name, value });
    if (fieldErrors[name]) setFieldErrors((e) => ({ ...e, [name]: undefined }));
    setOrderFailed(false);
  };

  const checkAccount = (): boolean => {
    const errors: Partial<Record<AccountFieldName, string>> = {};
    if (needsServerInfo(game.serverType) && !state.serverInfo.trim()) {
      errors.serverInfo = game.serverType === 'SERVER' ? t('game.serverRequired') : t('game.zoneRequired');
    }
    if (!isMobileNumber(state.mobileNumber)) errors.mobileNumber = t('game.mobileNumberInvalid');
    setFieldErrors(errors);
    showFirstError(errors);
    return Object.keys(errors).length === 0;
  };

  /** The first wrong field may be far above the button on a phone: bring it into view and put the cursor in it. */
  const showFirstError = (errors: Partial<Record<AccountFieldName, string>>) => {
    const first = ACCOUNT_FIELDS.find((name) => errors[name]);
    if (!first) return;
    const el = panel.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    el?.scrollIntoView?.({ block: 'center' });
    el?.focus();
  };

  // What Buy Now still needs, said under it while it is disabled.
  const missing = [
    !state.inGameUserId.trim() ? t('game.why.userId') : null,
    !state.mobileNumber.trim() ? t('game.why.mobileNumber') : null,
    !selected ? t('game.why.package') : null,
  ].filter((m): m is string => m !== null);

  const buyNow = () => {
    setGeneralError(null);
    if (!form.canBuy || !checkAccount()) return;
    attemptKey.current = randomId();
    setDialogUsed(true);
    setDialogOpen(true);
  };

  const submit = ({ transactionNumber, screenshot }: { transactionNumber: string; screenshot: File }) => {
    if (!selected || inFlight.current) return;
    inFlight.current = true;
    setNetworkError(false);
    setConfirmErrors({});
    setProgress(0);
    mutation.mutate(
      {
        inGameUserId: state.inGameUserId,
        serverInfo: needsServerInfo(game.serverType) ? state.serverInfo : '',
        mobileNumber: state.mobileNumber,
        tokenPackageId: selected.id,
        quantity: form.quantity,
        subTotal: form.subTotal,
        transactionNumber,
        screenshot,
        idempotencyKey: attemptKey.current,
      },
      {
        onSuccess: (order) => {
          dispatch({ type: 'reset' });
          setDialogOpen(false);
          setDialogUsed(false);
          setDialogKey((k) => k + 1);
          // The buyer lands on their order's private page, with the success toast; without a
          // token (the server couldn't make one) they go home as the spec says, and "Find my order" still works.
          if (order.code && order.trackingToken) {
            saveMyOrder({
              code: order.code,
              token: order.trackingToken,
              gameTitle: order.gameTitle,
              packageTitle: order.tokenPackageDto.tokenTitle,
              placedAt: order.createdAt,
            });
            void navigate(trackingPath(order.code, order.trackingToken), { state: { message: t('order.success'), placed: true } });
          } else {
            void navigate('/', { state: { message: t('order.success') } });
          }
        },
        onError: (error) => {
          const err = error instanceof ApiError ? error : new ApiError(error.message, 0);
          if (err.status === 0) {
            setNetworkError(true);
            return;
          }
          setOrderFailed(true);
          // Out of stock (or fewer codes left) since the page was read: the grid greys the package out.
          if (err.status === 409 && (err.fields.tokenPackageId || err.fields.quantity)) onStockChanged?.();
          void showToast('error', t('order.failed'), TIMINGS.orderToastMs);
          const accountErrors: Partial<Record<AccountFieldName, string>> = {};
          const dialogErrors: ConfirmErrors = {};
          const other: string[] = [];
          for (const [field, messages] of Object.entries(err.fields)) {
            // The server answers in the language the app sent (Accept-Language).
            const message = messages[0] ?? '';
            if ((ACCOUNT_FIELDS as string[]).includes(field)) accountErrors[field as AccountFieldName] = message;
            else if (field === 'transactionNumber') dialogErrors.transactionNumber = message;
            else if (/screenshot/i.test(field)) dialogErrors.screenshot = message;
            else other.push(message);
          }
          setFieldErrors(accountErrors);
          setConfirmErrors(dialogErrors);
          showFirstError(accountErrors);
          const onlyDialog = Object.keys(dialogErrors).length > 0 && Object.keys(accountErrors).length === 0 && other.length === 0;
          if (!onlyDialog) {
            setDialogOpen(false);
            setGeneralError(other[0] ?? (Object.keys(accountErrors).length ? null : err.message));
          }
        },
        onSettled: () => {
          inFlight.current = false;
          setProgress(null);
        },
      },
    );
  };

  return (
    <div ref={panel} className="space-y-6" inert={!hydrated || undefined} aria-busy={!hydrated || undefined}>
      <AccountFields
        serverType={game.serverType}
        gameTitle={game.title}
        profileImage={game.gameProfileImage}
        values={{ inGameUserId: state.inGameUserId, serverInfo: state.serverInfo, mobileNumber: state.mobileNumber }}
        errors={fieldErrors}
        onChange={setField}
      />
      <PaymentMethodToggle value={state.paymentMethod} onChange={(method) => dispatch({ type: 'method', method })} />
      <section>
        <h2 className="mb-2 text-lg font-semibold">{t('game.packages')}</h2>
        <PackageGrid packages={form.visible} selectedId={selected?.id ?? null} onSelect={(pkg) => dispatch({ type: 'select', pkg })} />
      </section>
      <section className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200" aria-live="polite">
        {selected ? (
          <div className="flex items-center gap-3" data-testid="selected-package">
            {selected.packageImage ? (
              <img
                src={selected.packageImage}
                srcSet={variantSrcSet(selected.packageImage, 96, 160)}
                sizes="56px"
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded-lg object-contain"
              />
            ) : null}
            <div className="min-w-0">
              <p className="text-xs text-slate-500">{t('game.selected')}</p>
              <p className="font-semibold">
                {selected.tokenTitle} <span className="text-sm font-normal text-slate-500">({formatMoney(selected.unit)})</span>
              </p>
              <p className="text-sm text-indigo-700">
                {formatMoney(selected.price)} {selected.currency}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-500">{t('game.choosePackage')}</p>
        )}
        {selected?.canAddQuantity ? (
          <QuantityStepper
            value={form.quantity}
            max={quantityLimit(selected)}
            onChange={(value) => dispatch({ type: 'quantity', value })}
          />
        ) : null}
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">{t('game.subTotal')}</dt>
            <dd data-testid="sub-total">
              {formatMoney(form.subTotal)} {selected?.currency ?? ''}
            </dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>{t('game.total')}</dt>
            <dd data-testid="total">
              {formatMoney(form.total)} {selected?.currency ?? ''}
            </dd>
          </div>
        </dl>
        {orderFailed ? (
          <p className="text-sm font-medium text-red-600" role="alert" data-testid="check-again">
            {t('game.checkAgain')}
          </p>
        ) : null}
        {generalError ? <p className="text-sm text-red-600">{generalError}</p> : null}
        <button
          type="button"
          onClick={buyNow}
          disabled={!form.canBuy}
          aria-describedby={!form.canBuy && missing.length ? 'buy-now-why' : undefined}
          className="flex h-12 w-full items-center justify-center rounded-lg bg-indigo-600 text-lg font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {t('game.buyNow')}
        </button>
        {!form.canBuy && missing.length ? (
          <p id="buy-now-why" className="text-center text-sm text-slate-700" data-testid="buy-now-why">
            {t('game.whyDisabled', { list: missing.join(t('game.listSeparator')) })}
          </p>
        ) : null}
      </section>
      {selected && dialogUsed ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            key={dialogKey}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            pkg={selected}
            quantity={form.quantity}
            subTotal={form.subTotal}
            total={form.total}
            accounts={game.configSettingDtos}
            paymentMethod={state.paymentMethod}
            submitting={mutation.isPending}
            progress={progress}
            networkError={networkError}
            errors={confirmErrors}
            onEdit={(field) => setConfirmErrors((e) => ({ ...e, [field]: undefined }))}
            onConfirm={submit}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
