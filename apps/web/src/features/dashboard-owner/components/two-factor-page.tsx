// /dashboard/two-factor (every user): turn two-factor sign-in on with a QR code and a confirming code, see the
// recovery codes once, make new ones, or turn it off with the password. Users the shop requires to enrol land here.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { useMe } from '../api/get-me';
import { useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useTwoFactorSetup } from '../api/two-factor';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('owner');
  return (
    <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 className="text-lg font-semibold">{t('twoFactor.recoveryTitle')}</h2>
      <p className="text-sm">{t('twoFactor.recoveryIntro')}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button onClick={onDone}>{t('twoFactor.recoveryDone')}</Button>
    </div>
  );
}

export function TwoFactorPage() {
  const { t } = useTranslation('owner');
  const me = useMe();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  const on = me.data?.twoFactorEnabled ?? false;

  function confirm(e: FormEvent) {
    e.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (r) => {
        setCodes(r.recoveryCodes);
        setCode('');
        setup.reset();
      },
    });
  }

  return (
    <section className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">{t('twoFactor.title')}</h1>
      {me.data?.mustEnableTwoFactor ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('twoFactor.required')}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">{t('twoFactor.intro')}</p>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {me.isSuccess ? <p className="font-medium">{on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</p> : null}

      {me.isSuccess && !on && !setup.data ? (
        <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
          {t('twoFactor.start')}
        </Button>
      ) : null}
      <FormError error={setup.error} fallback={t('twoFactor.failed')} />

      {setup.data && !on ? (
        <form onSubmit={confirm} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm">{t('twoFactor.scan')}</p>
          <img src={setup.data.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} className="h-50 w-50" />
          <p className="text-sm">
            {t('twoFactor.secret')}: <code data-testid="totp-secret" className="break-all">{setup.data.secret}</code>
          </p>
          <Field id="tf-code" label={t('twoFactor.code')} required>
            <Input id="tf-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          </Field>
          <FormError error={enable.error} fallback={t('twoFactor.failed')} />
          <Button type="submit" disabled={code.length !== 6 || enable.isPending}>
            {enable.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
          </Button>
        </form>
      ) : null}

      {on ? (
        <div className="space-y-4">
          <form
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault();
              newCodes.mutate(code.trim(), { onSuccess: (r) => (setCodes(r.recoveryCodes), setCode('')) });
            }}
          >
            <p className="text-sm">{t('twoFactor.newRecoveryHint')}</p>
            <Field id="tf-regen-code" label={t('twoFactor.code')}>
              <Input id="tf-regen-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </Field>
            <FormError error={newCodes.error} fallback={t('twoFactor.failed')} />
            <Button type="submit" variant="secondary" disabled={code.length !== 6 || newCodes.isPending}>
              {t('twoFactor.newRecovery')}
            </Button>
          </form>
          <form
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault();
              disable.mutate(password, { onSuccess: () => setPassword('') });
            }}
          >
            <p className="text-sm">{t('twoFactor.disableHint')}</p>
            <Field id="tf-password" label={t('twoFactor.password')}>
              <Input id="tf-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <FormError error={disable.error} fallback={t('twoFactor.failed')} />
            <Button type="submit" variant="secondary" disabled={!password || disable.isPending}>
              {t('twoFactor.disable')}
            </Button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
