// /dashboard/payment-phones (owners): register the shop's receiving phones, see each one's webhook URL and signing
// key once (as text and QR codes) with the setup steps, list them and revoke one at once.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentPhoneCreatedDto } from '@topup/contract/payment-phones';
import { PAYMENT_PHONE_LIMITS } from '@topup/contract/payment-phone-states';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { FormError, errorText } from '../../../components/dashboard/form-error';
import { useFormatDateTime } from '../../../lib/dates';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { usePaymentAccounts, usePaymentPhones, useRegisterPhone, useRevokePhone } from '../api/payment-phones';

function RegisterForm({ onDone }: { onDone: (created: PaymentPhoneCreatedDto & { name: string }) => void }) {
  const { t } = useTranslation('payments');
  const accounts = usePaymentAccounts();
  const register = useRegisterPhone();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [signingKey, setSigningKey] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (register.isPending) return;
    const key = signingKey.trim();
    register.mutate(
      { name: name.trim(), paymentAccountIds: chosen, ...(key ? { signingKey: key } : {}) },
      { onSuccess: (created) => onDone({ ...created, name: name.trim() }) },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('phones.register')}</h2>
      <Field id="phone-name" label={t('phones.name')} required>
        <Input
          id="phone-name"
          required
          maxLength={PAYMENT_PHONE_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('phones.namePlaceholder')}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('phones.accounts')}</legend>
        {accounts.data?.map((a) => (
          <Checkbox
            key={a.id}
            id={`phone-account-${a.id}`}
            label={`${a.paymentName} (${a.phone})`}
            checked={chosen.includes(a.id)}
            onChange={(on) => setChosen((list) => (on ? [...list, a.id] : list.filter((id) => id !== a.id)))}
          />
        ))}
        {accounts.isSuccess && accounts.data.length === 0 ? <p className="text-sm text-slate-500">{t('phones.noAccounts')}</p> : null}
      </fieldset>
      <Field id="phone-key" label={t('phones.key')}>
        <Input id="phone-key" value={signingKey} onChange={(e) => setSigningKey(e.target.value)} autoComplete="off" spellCheck={false} />
      </Field>
      <p className="text-xs text-slate-500">{t('phones.keyHelp')}</p>
      <FormError error={register.error} fallback={t('phones.registerFailed')} />
      <Button type="submit" disabled={!name.trim() || chosen.length === 0 || register.isPending}>
        {register.isPending ? t('phones.registering') : t('phones.registerButton')}
      </Button>
    </form>
  );
}

function Secret({ label, value, qr }: { label: string; value: string; qr: string }) {
  const { t } = useTranslation('payments');
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex flex-wrap items-start gap-3">
        <img
          src={qr}
          alt={t('phones.qrAlt', { what: label })}
          width={160}
          height={160}
          className="h-40 w-40 rounded border border-slate-200 bg-white"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <code className="block rounded bg-slate-100 p-2 text-xs break-words select-all">{value}</code>
          <Button size="sm" variant="secondary" type="button" onClick={() => void navigator.clipboard?.writeText(value)}>
            {t('phones.copy')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function ShownOnce({ created, onClose }: { created: PaymentPhoneCreatedDto & { name: string }; onClose: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <section aria-labelledby="phone-created" className="space-y-4 rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <h2 id="phone-created" className="text-lg font-semibold">
        {t('phones.createdTitle', { name: created.name })}
      </h2>
      <p role="alert" className="text-sm font-medium text-amber-900">
        {t('phones.shownOnce')}
      </p>
      <Secret label={t('phones.webhookUrl')} value={created.webhookUrl} qr={created.qrCodes.webhookUrl} />
      <Secret label={t('phones.signingKey')} value={created.signingKey} qr={created.qrCodes.signingKey} />
      <SetupSteps />
      <Button type="button" onClick={onClose}>
        {t('phones.done')}
      </Button>
    </section>
  );
}

/** The setup steps in the page's language (the language menu switches between Burmese and English). */
function SetupSteps() {
  const { t } = useTranslation('payments');
  const steps = t('phones.steps', { returnObjects: true });
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{t('phones.stepsTitle')}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        {(Array.isArray(steps) ? (steps as string[]) : []).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

export function PaymentPhonesPage() {
  const { t } = useTranslation('payments');
  const formatDateTime = useFormatDateTime();
  const phones = usePaymentPhones();
  const revoke = useRevokePhone();
  const [created, setCreated] = useState<(PaymentPhoneCreatedDto & { name: string }) | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('phones.title')}</h1>
      <p className="max-w-3xl text-sm text-slate-600">{t('phones.intro')}</p>
      {created ? <ShownOnce created={created} onClose={() => setCreated(null)} /> : <RegisterForm onDone={setCreated} />}
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t('phones.listTitle')}</h2>
        {phones.data?.length ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {phones.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium">{p.name}</span>
                <span className="text-slate-500">
                  {t('phones.lastNotice')}: {p.lastNoticeAt ? formatDateTime(p.lastNoticeAt) : t('phones.never')}
                </span>
                {p.revokedAt ? (
                  <span className="text-red-700">{t('phones.revokedAt', { at: formatDateTime(p.revokedAt) })}</span>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => setRevoking(p.id)}>
                    {t('phones.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : phones.isSuccess ? (
          <p className="text-sm text-slate-500">{t('phones.none')}</p>
        ) : null}
      </section>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('phones.revokeTitle')}
        description={t('phones.revokeDescription')}
        confirmLabel={t('phones.revoke')}
        pending={revoke.isPending}
        error={revoke.error ? errorText(revoke.error, t('phones.revokeFailed')) : null}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSuccess: () => setRevoking(null) })}
      />
    </div>
  );
}
