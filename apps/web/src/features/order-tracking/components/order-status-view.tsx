// The buyer's status page body: where the order is (timeline), a countdown against the promised minutes while it
// waits, the delivered codes of a code package, the reason and what to do next when cancelled, and what was ordered
// (with the buyer's details masked).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Check, X } from 'lucide-react';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { TrackingStage } from '@topup/contract/order-tracking-links';
import { cn } from '../../../lib/cn';
import { useFormatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { useShopSettings } from '../../../lib/shop-settings';
import { DeliveredCodes, PaymentConfirmed } from './delivered-codes';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const STEPS: TrackingStage[] = ['PLACED', 'CHECKING', 'COMPLETED'];

function Timeline({ stage }: { stage: TrackingStage }) {
  const { t } = useTranslation('tracking');
  const cancelled = stage === 'CANCELLED';
  const steps: TrackingStage[] = cancelled ? ['PLACED', 'CHECKING', 'CANCELLED'] : STEPS;
  const reached = cancelled ? 2 : STEPS.indexOf(stage);
  return (
    <ol aria-label={t('timeline')} className="flex items-start justify-between gap-1" data-testid="timeline">
      {steps.map((step, i) => {
        const done = i <= reached;
        const current = i === reached;
        return (
          <li key={step} className="flex flex-1 flex-col items-center text-center" aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-bold',
                done
                  ? step === 'CANCELLED'
                    ? 'border-red-600 bg-red-600 text-white'
                    : 'border-emerald-600 bg-emerald-600 text-white'
                  : 'border-slate-300 bg-white text-slate-500',
              )}
              aria-hidden
            >
              {step === 'CANCELLED' ? <X className="h-4 w-4" /> : done ? <Check className="h-4 w-4" /> : i + 1}
            </span>
            <span className={cn('mt-1 text-xs sm:text-sm', current ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {t(`stage.${step}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Countdown({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation('tracking');
  // The promise is the owner's (shop settings), the same number the storefront shows.
  const { deliveryMinutes } = useShopSettings();
  const due = Date.parse(createdAt) + deliveryMinutes * 60_000;
  const now = useNow(true);
  const left = Math.max(0, Math.ceil((due - now) / 1000));
  if (left === 0) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="late">
        {t('late')}
      </p>
    );
  }
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900" data-testid="countdown">
      {t('countdown', { minutes: deliveryMinutes, time })}
    </p>
  );
}

/** The shop's contacts from its settings; an empty field is not shown. */
function Contacts() {
  const { t } = useTranslation('tracking');
  const shop = useShopSettings();
  if (!shop.telegramUrl && !shop.phone) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {shop.telegramUrl && (
        <a
          href={shop.telegramUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center rounded-lg bg-sky-700 px-4 text-sm font-medium text-white hover:bg-sky-800"
        >
          {t('telegram')}
        </a>
      )}
      {shop.phone && (
        <a
          href={`tel:${shop.phone.replace(/\s/g, '')}`}
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          {t('phone', { phone: shop.phone })}
        </a>
      )}
    </div>
  );
}

function Cancelled({ order }: { order: TrackedOrderDto }) {
  const { t } = useTranslation('tracking');
  const reason = order.cancelReason ?? 'NONE';
  return (
    <section className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900" data-testid="cancelled">
      <p className="font-semibold">{t('cancelledBody')}</p>
      <p className="mt-1" data-testid="cancel-reason">
        {t(`reason.${reason}`)}
        {order.cancelNote ? <span className="block whitespace-pre-line">{order.cancelNote}</span> : null}
      </p>
      <p className="mt-2 text-sm">{t(`next.${reason}`)}</p>
      <h3 className="sr-only">{t('contact')}</h3>
      <Contacts />
    </section>
  );
}

export function OrderStatusView({ order }: { order: TrackedOrderDto }) {
  const { t } = useTranslation('tracking');
  const formatDateTime = useFormatDateTime();
  const waiting = order.stage === 'PLACED' || order.stage === 'CHECKING';
  // Codes handed over: they are the delivery, shown first. "Payment confirmed, delivering": the wallet confirmed the
  // money for an order the shop completes by itself, and the top-up is still on its way (the server says which).
  const codesDelivered = order.delivery?.state === 'DELIVERED' && order.delivery.codes.length > 0;
  const delivering = order.delivery?.state === 'PAYMENT_CONFIRMED';
  const rows: Array<[string, string]> = [
    [t('game'), order.gameTitle],
    [t('package'), order.packageTitle],
    [t('quantity'), String(order.quantity)],
    [t('total'), `${formatMoney(order.subTotal)} ${order.currency}`],
    [t('account'), order.maskedInGameUserId],
    ...(order.serverInfo ? ([[t('server'), order.serverInfo]] as Array<[string, string]>) : []),
    [t('mobile'), order.maskedMobileNumber],
    [t('payment'), t(`paymentMethod.${order.paymentMethod}`, { defaultValue: order.paymentMethod })],
    [t('placedAt'), formatDateTime(order.createdAt)],
  ];
  return (
    <div className="space-y-4">
      <p className="text-lg font-semibold" data-testid="order-stage" data-stage={order.stage}>
        {t(`stage.${order.stage}`)}
      </p>
      <Timeline stage={order.stage} />
      {codesDelivered ? <DeliveredCodes delivery={order.delivery!} /> : null}
      {delivering ? (
        <PaymentConfirmed />
      ) : order.paymentReceived && order.stage !== 'CANCELLED' && !codesDelivered ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
          data-testid="payment-received"
        >
          <BadgeCheck className="h-5 w-5 shrink-0" aria-hidden />
          {t('paymentReceived')}
        </p>
      ) : null}
      {waiting ? <Countdown createdAt={order.createdAt} /> : null}
      {order.stage === 'COMPLETED' && !codesDelivered && !delivering ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-emerald-900">{t('completedBody')}</p>
      ) : null}
      {order.stage === 'CANCELLED' ? <Cancelled order={order} /> : null}
      <section>
        <h2 className="mb-2 text-base font-semibold">{t('details')}</h2>
        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 px-3 py-2 text-sm">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
