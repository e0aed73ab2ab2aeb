// /dashboard/order-detail/{id}: every field, the status selector, the screenshot enlarged in a dialog,
// and 'Save Changes' back to the list. Opening an unread order marks it read. Cancelling asks for the
// reason (and a note for "Other"), completing may carry a note, the change is sent with the `updatedAt` it was made
// against (a change by someone else meanwhile is refused and the order reloads), and the timeline sits beside it.
// Colleagues' changes arrive live (docs/decisions/0063): the page shows the order as it now is, says who changed it,
// clears an unsaved status choice made against the old state, and says so when the order was deleted.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ORDER_STATUSES, type OrderStatus } from '@topup/contract/limits';
import { CANCEL_NOTE_MAX, CANCEL_REASONS, type CancelReason } from '@topup/contract/order-reasons';
import type { OrderDto } from '@topup/contract/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, errorText } from '../../../components/dashboard/form-error';
import { formatNumber } from '../../../components/dashboard/format';
import { useFormatDateTime } from '../../../lib/dates';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { useOrder } from '../api/get-order';
import { useDescribeLiveChange, useLiveChange } from '../api/live-change';
import type { LiveChange } from '../api/order-cache';
import { useMarkOrderRead } from '../api/mark-order-read';
import { isConflict, useUpdateOrder } from '../api/update-order';
import { OrderStatusBadge } from './order-status-badge';
import { VerificationPanel } from './verification-panel';
import { OrderTimeline } from './order-timeline';
import { SlaClock } from './sla-clock';
import { FlagOverride, overrideProblem, type OverrideProblem, type OverrideState } from './flag-override';
import { flagsOf, isFlaggedRefusal } from '../lib/order-flags';

const CONTROL =
  'mt-1 h-10 rounded-lg border border-slate-300 bg-white px-3 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function OrderDetail({ orderId }: { orderId: string }) {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('workbench');
  const describe = useDescribeLiveChange();
  // Only what arrives while the page is open is news; an older note about this order is not.
  const live = useLiveChange(orderId);
  const [opened, setOpened] = useState({ orderId, live });
  if (opened.orderId !== orderId) setOpened({ orderId, live });
  const fresh = opened.orderId === orderId && live !== opened.live ? live : undefined;
  const order = useOrder(orderId, !fresh?.deleted);
  const markRead = useMarkOrderRead();
  const marked = useRef<string | null>(null);

  // Loading an unread order marks it read (once per order).
  const unread = order.data ? !order.data.isRead : false;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!unread || marked.current === orderId) return;
    marked.current = orderId;
    mark(orderId, { onError: (err) => console.warn('Failed to mark order read', err) });
  }, [unread, orderId, mark]);

  if (fresh?.deleted) {
    return (
      <section className="space-y-4">
        <Link to="/dashboard/orders" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('orderDetail.back')}
        </Link>
        <h1 className="text-2xl font-bold">{tw('live.deletedTitle')}</h1>
        <p
          role="alert"
          data-testid="order-deleted-live"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {describe(fresh.by, null)}
        </p>
      </section>
    );
  }
  if (order.isPending) return <LoadingScreen />;
  if (order.isError)
    return <ErrorScreen message={errorText(order.error, t('orderDetail.loadFailed'))} onReload={() => void order.refetch()} />;
  return <OrderDetailView key={order.data.id} order={order.data} live={fresh} />;
}

function OrderDetailView({ order, live }: { order: OrderDto; live: LiveChange | undefined }) {
  const formatDateTime = useFormatDateTime();
  const describe = useDescribeLiveChange();
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { t: tw } = useTranslation('workbench');
  const update = useUpdateOrder();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<'reason' | 'note' | null>(null);
  const [override, setOverride] = useState<OverrideState>({ confirmed: false, reason: '' });
  const [overrideMissing, setOverrideMissing] = useState<OverrideProblem>(null);
  const [enlarged, setEnlarged] = useState(false);
  // When the order reloads changed (someone else's change, a live update), the form starts again from it; a status
  // choice not yet saved was made against the old order, so it is cleared and the page says so.
  const [seen, setSeen] = useState({ at: order.updatedAt, status: order.status });
  const [choiceCleared, setChoiceCleared] = useState(false);
  if (seen.at !== order.updatedAt) {
    const own = update.isPending || update.isSuccess || isConflict(update.error);
    setSeen({ at: order.updatedAt, status: order.status });
    setChoiceCleared(!own && status !== seen.status);
    setStatus(order.status);
  }
  // A colleague's change shown live (not this page's own save, whose echo may arrive before its answer; not a mere read,
  // nor the wallet's payment, which the badge shows).
  const liveNote =
    live &&
    !live.deleted &&
    live.updatedAt === order.updatedAt &&
    live.changes.some((c) => c !== 'read' && c !== 'payment') &&
    !update.isPending &&
    !update.isSuccess
      ? describe(live.by, order, live.automatic)
      : null;
  const pkg = order.tokenPackageDto;
  const changing = status !== order.status;
  const cancelling = changing && status === 'CANCELLED';
  const flags = flagsOf(order);
  const completingFlagged = changing && status === 'COMPLETED' && (flags.length > 0 || isFlaggedRefusal(update.error));

  function save() {
    const trimmed = note.trim() || undefined;
    if (cancelling && !reason) return setMissing('reason');
    if (cancelling && reason === 'OTHER' && !trimmed) return setMissing('note');
    setMissing(null);
    if (completingFlagged) {
      const problem = overrideProblem(override);
      setOverrideMissing(problem);
      if (problem) {
        document.getElementById(problem === 'confirm' ? 'order-override' : 'order-override-reason')?.focus();
        return;
      }
    }
    const overridden = completingFlagged ? { overrideFlags: true as const, overrideReason: override.reason.trim() } : {};
    const extra = !changing
      ? {}
      : cancelling
        ? { cancelReason: reason || undefined, cancelNote: trimmed }
        : { statusNote: trimmed, ...overridden };
    update.mutate(
      { id: order.id, status, expectedUpdatedAt: order.updatedAt, ...extra },
      { onSuccess: () => void navigate('/dashboard/orders') },
    );
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/dashboard/orders" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('orderDetail.back')}
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t('orderDetail.title')}</h1>
        <OrderStatusBadge status={order.status} />
        {order.status === 'PENDING' ? <SlaClock order={order} /> : null}
      </div>

      {liveNote ? (
        <div
          role="status"
          data-testid="order-changed-live"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">{liveNote}</p>
          {choiceCleared ? <p>{tw('live.choiceCleared')}</p> : null}
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 rounded-xl bg-white p-5 shadow-sm lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={t('orderDetail.code')}>
              <span className="font-mono">{order.code}</span>
            </Field>
            {order.status === 'CANCELLED' && order.cancelReason ? (
              <Field label={t('orderDetail.cancelReason')}>
                {t(`orderDetail.cancelReasons.${order.cancelReason}`)}
                {order.cancelNote ? <span className="block text-slate-600">{order.cancelNote}</span> : null}
              </Field>
            ) : null}
            <Field label={t('orderDetail.inGameUserId')}>
              {order.inGameUserId}
              {order.serverInfo ? <span className="text-slate-600"> ({order.serverInfo})</span> : null}
            </Field>
            <Field label={t('orderDetail.mobileNumber')}>{order.mobileNumber}</Field>
            <Field label={t('orderDetail.transactionNumber')}>
              <span className="font-mono">{order.transactionNumber}</span>
            </Field>
            <Field label={t('orderDetail.game')}>{order.gameTitle}</Field>
            <Field label={t('orderDetail.paymentMethod')}>
              {t(`paymentMethods.${order.paymentMethod === 'PHONEBILL' ? 'PHONEBILL' : 'NORMAL'}`)}
            </Field>
            <Field label={t('orderDetail.quantity')}>{order.quantity}</Field>
            <Field label={t('orderDetail.subTotal')}>
              {formatNumber(order.subTotal || pkg.price)} {pkg.currency}
            </Field>
            <Field label={t('orderDetail.operatorBy')}>
              <span data-testid="operator">{order.userDto?.email ?? '—'}</span>
            </Field>
            <Field label={t('orderDetail.createdAt')}>{formatDateTime(order.createdAt)}</Field>
            <Field label={t('orderDetail.updatedAt')}>{formatDateTime(order.updatedAt)}</Field>
          </dl>

          <div className="rounded-lg border border-slate-200 p-3">
            <h2 className="mb-2 text-sm font-semibold">{t('orderDetail.package')}</h2>
            <div className="flex items-center gap-3">
              {pkg.packageImage ? (
                <img src={pkg.packageImage} alt={pkg.tokenTitle} className="h-16 w-16 rounded-lg object-cover" />
              ) : (
                <div aria-hidden className="h-16 w-16 rounded-lg bg-slate-100" />
              )}
              <div className="text-sm">
                <p className="font-semibold">{pkg.tokenTitle}</p>
                <p className="text-slate-700">
                  {t('orderDetail.unit')}: {formatNumber(pkg.unit)}
                </p>
                <p className="text-slate-700">
                  {t('orderDetail.price')}: {formatNumber(pkg.price)} {pkg.currency}
                </p>
              </div>
            </div>
          </div>

          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap sm:items-end">
            <div className="flex flex-col text-sm font-medium text-slate-700">
              <label htmlFor="order-status">{t('orderDetail.status')}</label>
              <select
                id="order-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as OrderStatus);
                  setMissing(null);
                  setChoiceCleared(false);
                }}
                className={CONTROL}
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`orders.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            {cancelling ? (
              <div className="flex flex-col text-sm font-medium text-slate-700">
                <label htmlFor="order-cancel-reason">
                  {tw('change.reason')}
                  <span className="text-red-600"> *</span>
                </label>
                <select
                  id="order-cancel-reason"
                  value={reason}
                  aria-invalid={missing === 'reason'}
                  aria-describedby={missing === 'reason' ? 'order-change-missing' : undefined}
                  onChange={(e) => setReason(e.target.value as CancelReason | '')}
                  className={CONTROL}
                >
                  <option value="">{tw('change.pickReason')}</option>
                  {CANCEL_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`orderDetail.cancelReasons.${r}`)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {changing ? (
              <div className="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-700 sm:min-w-56">
                <label htmlFor="order-change-note">
                  {cancelling ? tw('change.cancelNote') : tw('change.completeNote')}
                  {cancelling && reason === 'OTHER' ? <span className="text-red-600"> *</span> : null}
                </label>
                <input
                  id="order-change-note"
                  value={note}
                  maxLength={CANCEL_NOTE_MAX}
                  aria-invalid={missing === 'note'}
                  aria-describedby={missing === 'note' ? 'order-change-missing' : undefined}
                  onChange={(e) => setNote(e.target.value)}
                  className={CONTROL}
                />
              </div>
            ) : null}
            {completingFlagged ? (
              <div className="w-full">
                <FlagOverride
                  idPrefix="order"
                  flags={flags}
                  refused={isFlaggedRefusal(update.error)}
                  value={override}
                  problem={overrideMissing}
                  onChange={(next) => {
                    setOverride(next);
                    if (overrideMissing) setOverrideMissing(overrideProblem(next));
                  }}
                />
              </div>
            ) : null}
            <Button onClick={save} disabled={update.isPending} className="h-11 sm:h-10">
              {update.isPending ? t('common.saving') : t('orderDetail.save')}
            </Button>
          </div>
          {missing ? (
            <p id="order-change-missing" role="alert" className="text-sm text-red-600">
              {missing === 'reason' ? tw('change.reasonRequired') : tw('change.noteRequired')}
            </p>
          ) : null}
          {isConflict(update.error) ? (
            <div
              role="alert"
              data-testid="order-conflict"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <p className="font-semibold">{errorText(update.error, t('orderDetail.updateFailed'))}</p>
              <p>{tw('change.conflictHint')}</p>
            </div>
          ) : isFlaggedRefusal(update.error) && completingFlagged ? null : (
            <FormError error={update.error} fallback={t('orderDetail.updateFailed')} />
          )}
        </div>

        <div className="rounded-xl bg-white p-5 shadow-sm">
          <h2 className="mb-2 text-sm font-semibold">{t('orderDetail.screenshot')}</h2>
          {order.screenShot ? (
            <button
              type="button"
              onClick={() => setEnlarged(true)}
              className="block w-full overflow-hidden rounded-lg border border-slate-200"
              aria-label={t('orderDetail.enlarge')}
            >
              <img src={order.screenShot} alt={t('orderDetail.screenshotAlt')} className="max-h-96 w-full object-contain" />
            </button>
          ) : (
            <p className="text-sm text-slate-600">{t('orderDetail.noScreenshot')}</p>
          )}
        </div>
        <VerificationPanel orderId={order.id} paymentState={order.paymentState} />
        <div className="lg:col-span-2">
          <OrderTimeline orderId={order.id} />
        </div>
      </div>

      <Dialog
        open={enlarged}
        onOpenChange={setEnlarged}
        title={t('orderDetail.screenshot')}
        className="max-w-3xl"
        closeLabel={t('common.close')}
      >
        {order.screenShot ? (
          <img src={order.screenShot} alt={t('orderDetail.screenshotAlt')} className="max-h-[80vh] w-full object-contain" />
        ) : null}
      </Dialog>
    </section>
  );
}
