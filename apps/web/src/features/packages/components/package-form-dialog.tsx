// Add/Edit TokenPackage: Create/Update stays disabled without an image (chosen, or stored when editing),
// or with an empty price, unit, title (trimmed), currency or game; images only; the server's errors in red.
import { useTranslation } from 'react-i18next';
import { CURRENCY_SHOWN, DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from '@topup/contract/limits';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { Checkbox } from '../../../components/dashboard/form-controls';
import { ImageInput } from '../../../components/dashboard/image-input';
import {
  InputField,
  ResourceForm,
  ResourceFormDialog,
  SelectField,
  useResourceForm,
  type ResourceFormFrame,
} from '../../../components/dashboard/resource-form';
import { useGameOptions } from '../../../lib/game-options';
import { useCreatePackage } from '../api/create-package';
import type { PackageFormValues } from '../api/package-form-data';
import { useUpdatePackage } from '../api/update-package';

export function canSubmitPackage(v: PackageFormValues, existingImage?: string | null): boolean {
  return (
    Boolean(v.packageImage ?? existingImage) &&
    v.price.trim() !== '' &&
    v.unit.trim() !== '' &&
    v.tokenTitle.trim() !== '' &&
    v.currency.trim() !== '' &&
    v.gameId !== ''
  );
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; item: TokenPackageDto | null };

export function PackageFormDialog({ open, onOpenChange, item }: Props) {
  return <ResourceFormDialog open={open} onOpenChange={onOpenChange} item={item} texts="packages" form={PackageForm} />;
}

function PackageForm({ frame }: { frame: ResourceFormFrame<TokenPackageDto> }) {
  const { t } = useTranslation('dashboard');
  const games = useGameOptions();
  const item = frame.item;
  const form = useResourceForm(frame, {
    initial: (): PackageFormValues => ({
      tokenTitle: item?.tokenTitle ?? '',
      unit: item ? String(item.unit) : '',
      price: item ? String(item.price) : '',
      currency: item?.currency ?? CURRENCY_SHOWN,
      gameId: item?.gameId ?? '',
      paymentMethod: item?.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
      canAddQuantity: item?.canAddQuantity ?? false,
      packageImage: null,
    }),
    toSubmit: (v) => v,
    canSubmit: (v) => canSubmitPackage(v, item?.packageImage),
    create: useCreatePackage(),
    update: useUpdatePackage(),
  });

  return (
    <ResourceForm form={form}>
      <SelectField
        id="pkg-game"
        label={t('packages.fields.game')}
        required
        disabled={games.isPending}
        first={games.isPending ? t('status.loading') : t('packages.chooseGame')}
        options={(games.data ?? []).map((g) => ({ value: g.id, text: g.title }))}
        {...form.text('gameId')}
      >
        {games.isError ? <p className="mt-1 text-sm text-red-600">{t('games.loadFailed')}</p> : null}
      </SelectField>
      <InputField id="pkg-title" label={t('packages.fields.tokenTitle')} required maxLength={100} {...form.text('tokenTitle')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="pkg-unit"
          label={t('packages.fields.unit')}
          required
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...form.text('unit')}
        />
        <InputField
          id="pkg-price"
          label={t('packages.fields.price')}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.text('price')}
        />
        <InputField id="pkg-currency" label={t('packages.fields.currency')} required maxLength={10} {...form.text('currency')} />
      </div>
      <SelectField
        id="pkg-method"
        label={t('packages.fields.paymentMethod')}
        required
        options={PAYMENT_METHODS.map((m) => ({ value: m, text: t(`paymentMethods.${m}`) }))}
        {...form.text('paymentMethod')}
      />
      <Checkbox id="pkg-qty" label={t('packages.fields.canAddQuantity')} {...form.flag('canAddQuantity')} />
      <ImageInput
        id="pkg-image"
        label={t('packages.fields.packageImage')}
        existingUrl={item?.packageImage}
        required
        {...form.image('packageImage')}
      />
    </ResourceForm>
  );
}
