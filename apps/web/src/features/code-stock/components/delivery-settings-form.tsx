// One package's delivery: sold as codes or not, who completes its orders (staff, or the shop as soon as a wallet
// notice confirms the payment), how the buyer redeems a code (Burmese and English) and the low-stock threshold.
// Staff see the settings read-only; the server refuses them the change anyway.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LIMITS, type DeliveryMode, type PackageDeliveryDto } from '@topup/contract/code-stock';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { useSavePackageDelivery } from '../api/package-delivery';
import { TEXTAREA_CLASS } from '../../../components/dashboard/text-area';

type Values = { isCodeProduct: boolean; deliveryMode: DeliveryMode; redeemMm: string; redeemEn: string; lowStockThreshold: string };

const valuesOf = (d: PackageDeliveryDto): Values => ({
  isCodeProduct: d.isCodeProduct,
  deliveryMode: d.deliveryMode,
  redeemMm: d.redeemInstructions.mm,
  redeemEn: d.redeemInstructions.en,
  lowStockThreshold: String(d.lowStockThreshold),
});

export function DeliverySettingsForm({ delivery, canEdit }: { delivery: PackageDeliveryDto; canEdit: boolean }) {
  const { t } = useTranslation('delivery');
  const save = useSavePackageDelivery(delivery.packageId);
  const [values, setValues] = useState<Values>(() => valuesOf(delivery));
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canEdit || save.isPending) return;
    save.mutate(
      {
        isCodeProduct: values.isCodeProduct,
        deliveryMode: values.deliveryMode,
        redeemInstructions: { mm: values.redeemMm.trim(), en: values.redeemEn.trim() },
        lowStockThreshold: Number(values.lowStockThreshold.trim() || '0'),
      },
      {
        onSuccess: (d) => {
          setValues(valuesOf(d));
          setSaved(true);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="delivery-form">
      <h2 className="text-lg font-semibold">{t('settings.title')}</h2>
      <fieldset disabled={!canEdit} className="space-y-4">
        <div>
          <Checkbox
            id="delivery-code-product"
            label={t('settings.isCodeProduct')}
            checked={values.isCodeProduct}
            onChange={(on) => set('isCodeProduct', on)}
          />
          <p className="mt-1 text-xs text-slate-600">{t('settings.isCodeProductHint')}</p>
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('settings.mode')}</legend>
          {(['STAFF', 'AUTO_ON_PAYMENT'] as const).map((mode) => (
            <label
              key={mode}
              className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500"
            >
              <input
                type="radio"
                name="delivery-mode"
                value={mode}
                checked={values.deliveryMode === mode}
                onChange={() => set('deliveryMode', mode)}
                className="mt-0.5 h-4 w-4 accent-indigo-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`settings.modes.${mode}`)}</span>
                <span className="block text-xs text-slate-600">{t(`settings.modeHints.${mode}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {values.isCodeProduct ? (
          <>
            <Field id="delivery-redeem-mm" label={t('settings.redeemMm')}>
              <textarea
                id="delivery-redeem-mm"
                lang="my"
                rows={3}
                maxLength={CODE_LIMITS.redeem}
                value={values.redeemMm}
                onChange={(e) => set('redeemMm', e.target.value)}
                className={TEXTAREA_CLASS}
              />
            </Field>
            <Field id="delivery-redeem-en" label={t('settings.redeemEn')}>
              <textarea
                id="delivery-redeem-en"
                lang="en"
                rows={3}
                maxLength={CODE_LIMITS.redeem}
                value={values.redeemEn}
                onChange={(e) => set('redeemEn', e.target.value)}
                className={TEXTAREA_CLASS}
              />
            </Field>
            <Field id="delivery-low-stock" label={t('settings.lowStockThreshold')}>
              <Input
                id="delivery-low-stock"
                type="number"
                inputMode="numeric"
                min={0}
                max={CODE_LIMITS.lowStockMax}
                step={1}
                value={values.lowStockThreshold}
                onChange={(e) => set('lowStockThreshold', e.target.value)}
                className="max-w-40"
              />
              <p className="mt-1 text-xs text-slate-600">{t('settings.lowStockHint')}</p>
            </Field>
          </>
        ) : null}
      </fieldset>
      {canEdit ? (
        <>
          <FormError error={save.error} fallback={t('settings.saveFailed')} />
          {saved ? (
            <p role="status" className="text-sm text-green-700">
              {t('settings.saved')}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('ownersOnly')}</p>
      )}
    </form>
  );
}
