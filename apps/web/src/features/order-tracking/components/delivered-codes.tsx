// What the buyer of a code package gets on their private status page: "delivered", each code (and its PIN or serial)
// with a copy button, its last day of use, and how to redeem in the page's language. For an order that completes
// automatically but carries no codes: "payment confirmed, delivering" as soon as the wallet notice confirmed it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Copy, Gift } from 'lucide-react';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { copyText } from '../../../lib/copy-text';

type Delivery = NonNullable<TrackedOrderDto['delivery']>;
type DeliveredCode = Delivery['codes'][number];

const copyButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-emerald-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The redeem text in the page's language, else the other one (an owner may have written only one). */
export function redeemText(delivery: Delivery, language: string): string {
  const mine = language === 'en' ? delivery.redeemInstructions.en : delivery.redeemInstructions.mm;
  const other = language === 'en' ? delivery.redeemInstructions.mm : delivery.redeemInstructions.en;
  return mine.trim() || other.trim();
}

export function PaymentConfirmed() {
  const { t } = useTranslation('tracking');
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
      data-testid="payment-confirmed"
      role="status"
    >
      <BadgeCheck className="h-5 w-5 shrink-0" aria-hidden />
      {t('delivery.paymentConfirmed')}
    </p>
  );
}

export function DeliveredCodes({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation('tracking');
  const [copied, setCopied] = useState<string | null>(null);
  const redeem = redeemText(delivery, i18n.language);
  const copy = async (key: string, text: string) => {
    if (await copyText(text)) setCopied(key);
  };
  return (
    <section
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
      data-testid="delivered-codes"
      aria-labelledby="delivered-title"
    >
      <h2 id="delivered-title" className="flex items-center gap-2 text-lg font-semibold">
        <Gift className="h-5 w-5 shrink-0" aria-hidden />
        {t('delivery.delivered')}
      </h2>
      <p className="text-sm">{t('delivery.yourCodes', { count: delivery.codes.length })}</p>
      <ol className="space-y-2">
        {delivery.codes.map((c, i) => (
          <CodeCard key={`${i}-${c.code}`} index={i} total={delivery.codes.length} code={c} copied={copied} onCopy={copy} />
        ))}
      </ol>
      <p role="status" className="min-h-5 text-sm text-emerald-800">
        {copied ? t('copied') : ''}
      </p>
      {redeem ? (
        <div>
          <h3 className="text-sm font-semibold">{t('delivery.howToRedeem')}</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line" data-testid="redeem-instructions">
            {redeem}
          </p>
        </div>
      ) : null}
      <p className="text-xs text-emerald-900">{t('delivery.keepPrivate')}</p>
    </section>
  );
}

function CodeCard({
  index,
  total,
  code,
  copied,
  onCopy,
}: {
  index: number;
  total: number;
  code: DeliveredCode;
  copied: string | null;
  onCopy: (key: string, text: string) => Promise<void>;
}) {
  const { t } = useTranslation('tracking');
  const n = total > 1 ? index + 1 : undefined;
  return (
    <li className="space-y-2 rounded-lg border border-emerald-200 bg-white p-3" data-testid="delivered-code">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{n ? t('delivery.codeN', { n }) : t('delivery.code')}</p>
          <p className="font-mono text-lg font-bold tracking-wider break-words text-slate-900" data-testid="delivered-code-text">
            {code.code}
          </p>
        </div>
        <button
          type="button"
          className={copyButton}
          onClick={() => void onCopy(`code-${index}`, code.code)}
          aria-label={n ? t('delivery.copyCodeN', { n }) : t('delivery.copyCode')}
        >
          <Copy className="h-4 w-4" aria-hidden />
          {copied === `code-${index}` ? t('copied') : t('delivery.copy')}
        </button>
      </div>
      {code.pin ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs text-slate-600">{t('delivery.pin')}</p>
            <p className="font-mono font-semibold break-words text-slate-900">{code.pin}</p>
          </div>
          <button
            type="button"
            className={copyButton}
            onClick={() => void onCopy(`pin-${index}`, code.pin!)}
            aria-label={n ? t('delivery.copyPinN', { n }) : t('delivery.copyPin')}
          >
            <Copy className="h-4 w-4" aria-hidden />
            {copied === `pin-${index}` ? t('copied') : t('delivery.copy')}
          </button>
        </div>
      ) : null}
      {code.expiresOn ? <p className="text-xs text-slate-600">{t('delivery.expires', { date: code.expiresOn })}</p> : null}
    </li>
  );
}
