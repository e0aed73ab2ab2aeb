// /dashboard/settings (owners): the shop's name, logo, contacts, copyright holder, time zone and delivery promise,
// and whether everyone must use two-factor sign-in. A save shows on the storefront at once, without a rebuild.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_SETTINGS_LIMITS } from '@topup/contract/shop-settings-defaults';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { ImageInput } from '../../../components/dashboard/image-input';
import { useShopSettings } from '../../../lib/shop-settings';
import { useUpdateShopSettings, type ShopSettingsValues } from '../api/update-shop-settings';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';

type TextKey = Exclude<keyof ShopSettingsValues, 'logo' | 'removeLogo'>;

const FIELDS: Array<{ key: TextKey; type?: string; max: number; required?: boolean; hint?: boolean }> = [
  { key: 'shopName', max: SHOP_SETTINGS_LIMITS.shopName, required: true },
  { key: 'contactEmail', type: 'email', max: SHOP_SETTINGS_LIMITS.contactEmail, hint: true },
  { key: 'phone', type: 'tel', max: SHOP_SETTINGS_LIMITS.phone, hint: true },
  { key: 'telegramUrl', type: 'url', max: SHOP_SETTINGS_LIMITS.link, hint: true },
  { key: 'viberUrl', max: SHOP_SETTINGS_LIMITS.link, hint: true },
  { key: 'facebookUrl', type: 'url', max: SHOP_SETTINGS_LIMITS.link, hint: true },
  { key: 'copyrightHolder', max: SHOP_SETTINGS_LIMITS.copyrightHolder, required: true },
  { key: 'timeZone', max: SHOP_SETTINGS_LIMITS.timeZone, required: true },
  { key: 'deliveryMinutes', type: 'number', max: 5, required: true },
];

export function ShopSettingsPage() {
  const { t } = useTranslation('owner');
  const current = useShopSettings();
  const update = useUpdateShopSettings();
  const [values, setValues] = useState<ShopSettingsValues>(() => ({
    ...current,
    deliveryMinutes: String(current.deliveryMinutes),
    logo: null,
    removeLogo: false,
  }));
  const [saved, setSaved] = useState(false);
  const set = (key: TextKey, value: string) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    update.mutate(values, {
      onSuccess: (settings) => {
        setSaved(true);
        setValues((v) => ({ ...v, logo: null, removeLogo: false, deliveryMinutes: String(settings.deliveryMinutes) }));
      },
    });
  }

  return (
    <section className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('settings.intro')}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        {FIELDS.map((f) => (
          <Field key={f.key} id={`shop-${f.key}`} label={t(`settings.${f.key}`)} required={f.required}>
            <Input
              id={`shop-${f.key}`}
              name={f.key}
              type={f.type ?? 'text'}
              inputMode={f.type === 'number' ? 'numeric' : undefined}
              value={values[f.key]}
              maxLength={f.type === 'number' ? undefined : f.max}
              required={f.required}
              onChange={(e) => set(f.key, e.target.value)}
            />
            {f.hint ? <p className="mt-1 text-xs text-slate-500">{t('settings.linkHint')}</p> : null}
          </Field>
        ))}
        <ImageInput
          id="shop-logo"
          label={t('settings.logo')}
          file={values.logo}
          existingUrl={values.removeLogo ? null : current.logo}
          onChange={(logo) => setValues((v) => ({ ...v, logo }))}
        />
        {current.logo ? (
          <Checkbox
            id="shop-remove-logo"
            label={t('settings.removeLogo')}
            checked={values.removeLogo}
            onChange={(removeLogo) => setValues((v) => ({ ...v, removeLogo }))}
          />
        ) : null}
        <FormError error={update.error} fallback={t('settings.saveFailed')} />
        {saved ? (
          <p role="status" className="text-sm text-green-700">
            {t('settings.saved')}
          </p>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </form>
      <SecuritySection />
    </section>
  );
}

function SecuritySection() {
  const { t } = useTranslation('owner');
  const security = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('settings.securityTitle')}</h2>
      <Checkbox
        id="require-two-factor"
        label={t('settings.requireTwoFactor')}
        checked={security.data?.requireTwoFactor ?? false}
        onChange={(requireTwoFactor) => update.mutate({ requireTwoFactor })}
      />
      <p className="text-xs text-slate-500">{t('settings.requireTwoFactorHint')}</p>
      <FormError error={update.error ?? security.error} fallback={t('settings.saveFailed')} />
      {update.isSuccess ? (
        <p role="status" className="text-sm text-green-700">
          {t('settings.securitySaved')}
        </p>
      ) : null}
    </section>
  );
}
