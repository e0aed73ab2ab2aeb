// /dashboard/two-factor (every user): turn two-factor sign-in on with a QR code and a confirming code, see the
// recovery codes once, make new ones, or turn it off with the password. Users the shop requires to enrol land here.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { copyText } from '../../../lib/copy-text';
import { useShopSettings } from '../../../lib/shop-settings';
import { useMe } from '../../../lib/me';
import { useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useTwoFactorSetup } from '../api/two-factor';

/** The authenticator key in groups of four ("ABCD EFGH …"), the way authenticator apps show it: easy to type. */
export function groupKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A text file of the recovery codes, named after the shop, downloaded without a request. */
function downloadCodes(codes: string[], shopName: string, heading: string) {
  const blob = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${shopName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'shop'}-recovery-codes.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const shop = useShopSettings();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 className="text-lg font-semibold">{t('twoFactor.recoveryTitle')}</h2>
      <p className="text-sm">{t('twoFactor.recoveryIntro')}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copyText(codes.join('\n')).then(setCopied)}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadCodes(codes, shop.shopName, t('twoFactor.recoveryFileHeading', { shop: shop.shopName }))}
        >
          {t('twoFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.recoveryDone')}</Button>
      </div>
      {copied !== null ? (
        <p role="status" className={copied ? 'text-sm text-green-800' : 'text-sm text-red-700'}>
          {copied ? t('twoFactor.codesCopied') : t('twoFactor.copyFailed')}
        </p>
      ) : null}
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
        <form onSubmit={confirm} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm">{t('twoFactor.scan')}</p>
          <img src={setup.data.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} className="h-50 w-50" />
          <p className="text-sm">
            {t('twoFactor.secret')}:{' '}
            <code data-testid="totp-secret" className="font-mono tracking-wide break-words whitespace-normal">
              {groupKey(setup.data.secret)}
            </code>
          </p>
          <Field id="tf-code" label={t('twoFactor.code')} required>
            <Input
              id="tf-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
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
            noValidate
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault();
              newCodes.mutate(code.trim(), { onSuccess: (r) => (setCodes(r.recoveryCodes), setCode('')) });
            }}
          >
            <p className="text-sm">{t('twoFactor.newRecoveryHint')}</p>
            <Field id="tf-regen-code" label={t('twoFactor.code')}>
              <Input
                id="tf-regen-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            </Field>
            <FormError error={newCodes.error} fallback={t('twoFactor.failed')} />
            <Button type="submit" variant="secondary" disabled={code.length !== 6 || newCodes.isPending}>
              {t('twoFactor.newRecovery')}
            </Button>
          </form>
          <form
            noValidate
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault();
              disable.mutate(password, { onSuccess: () => setPassword('') });
            }}
          >
            <p className="text-sm">{t('twoFactor.disableHint')}</p>
            <Field id="tf-password" label={t('twoFactor.password')}>
              <Input
                id="tf-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
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
