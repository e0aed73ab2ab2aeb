// One package's delivery: sold as codes or not, who completes its orders (staff, or the shop as soon as a wallet
// notice confirms the payment), how the buyer redeems a code (Burmese and English) and the low-stock threshold.
// Staff see the settings read-only; the server refuses them the change anyway.
import { useTranslation } from 'react-i18next';
import { CODE_LIMITS, type DeliveryMode, type PackageDeliveryDto } from '@topup/contract/code-stock';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { OwnerSettingsForm, useOwnerSettings } from '../../../components/dashboard/owner-settings-form';
import { TEXTAREA_CLASS } from '../../../components/dashboard/text-area';
import { useSavePackageDelivery } from '../api/package-delivery';

type Values = { isCodeProduct: boolean; deliveryMode: DeliveryMode; redeemMm: string; redeemEn: string; lowStockThreshold: string };

const valuesOf = (d: PackageDeliveryDto): Values => ({
  isCodeProduct: d.isCodeProduct,
  deliveryMode: d.deliveryMode,
  redeemMm: d.redeemInstructions.mm,
  redeemEn: d.redeemInstructions.en,
  lowStockThreshold: String(d.lowStockThreshold),
});

/** The redeem instructions, one field per language, each marked with its language. */
const REDEEM = [
  { key: 'redeemMm', id: 'delivery-redeem-mm', lang: 'my' },
  { key: 'redeemEn', id: 'delivery-redeem-en', lang: 'en' },
] as const;

export function DeliverySettingsForm({ delivery, canEdit }: { delivery: PackageDeliveryDto; canEdit: boolean }) {
  const { t } = useTranslation('delivery');
  const save = useSavePackageDelivery(delivery.packageId);
  const form = useOwnerSettings(() => valuesOf(delivery));
  const { values, set } = form;

  return (
    <OwnerSettingsForm
      title={t('settings.title')}
      testId="delivery-form"
      canEdit={canEdit}
      saved={form.saved}
      save={save}
      texts="settings"
      onSave={() =>
        save.mutate(
          {
            isCodeProduct: values.isCodeProduct,
            deliveryMode: values.deliveryMode,
            redeemInstructions: { mm: values.redeemMm.trim(), en: values.redeemEn.trim() },
            lowStockThreshold: Number(values.lowStockThreshold.trim() || '0'),
          },
          { onSuccess: (d) => form.markSaved(valuesOf(d)) },
        )
      }
    >
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
          {REDEEM.map(({ key, id, lang }) => (
            <Field key={key} id={id} label={t(`settings.${key}`)}>
              <textarea
                id={id}
                lang={lang}
                rows={3}
                maxLength={CODE_LIMITS.redeem}
                value={values[key]}
                onChange={(e) => set(key, e.target.value)}
                className={TEXTAREA_CLASS}
              />
            </Field>
          ))}
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
    </OwnerSettingsForm>
  );
}
