// Add/Edit TokenPackage: Create/Update stays disabled without an image (chosen, or stored when editing),
// or with an empty price, unit, title (trimmed), currency or game; images only; the server's errors in red.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SHOWN, DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '@topup/contract/limits';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field, Select } from '../../../components/dashboard/form-controls';
import { EditDialog } from '../../../components/dashboard/edit-dialog';
import { FormError } from '../../../components/dashboard/form-error';
import { ImageInput } from '../../../components/dashboard/image-input';
import { useCreatePackage } from '../api/create-package';
import { useGameOptions } from '../../../lib/game-options';
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
  const { t } = useTranslation('dashboard');
  return (
    <EditDialog open={open} onOpenChange={onOpenChange} item={item} addTitle={t('packages.addTitle')} editTitle={t('packages.editTitle')}>
      {(onDone) => <PackageForm item={item} onDone={onDone} />}
    </EditDialog>
  );
}

function PackageForm({ item, onDone }: { item: TokenPackageDto | null; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const games = useGameOptions();
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const mutation = item ? update : create;
  const [values, setValues] = useState<PackageFormValues>({
    tokenTitle: item?.tokenTitle ?? '',
    unit: item ? String(item.unit) : '',
    price: item ? String(item.price) : '',
    currency: item?.currency ?? CURRENCY_SHOWN,
    gameId: item?.gameId ?? '',
    paymentMethod: item?.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    canAddQuantity: item?.canAddQuantity ?? false,
    packageImage: null,
  });
  const set = <K extends keyof PackageFormValues>(key: K, value: PackageFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const ready = canSubmitPackage(values, item?.packageImage);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    if (item) update.mutate({ id: item.id, values }, { onSuccess: onDone });
    else create.mutate(values, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="pkg-game" label={t('packages.fields.game')} required>
        <Select id="pkg-game" value={values.gameId} onChange={(e) => set('gameId', e.target.value)} disabled={games.isPending}>
          <option value="">{games.isPending ? t('status.loading') : t('packages.chooseGame')}</option>
          {(games.data ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </Select>
        {games.isError ? <p className="mt-1 text-sm text-red-600">{t('games.loadFailed')}</p> : null}
      </Field>
      <Field id="pkg-title" label={t('packages.fields.tokenTitle')} required>
        <Input id="pkg-title" value={values.tokenTitle} onChange={(e) => set('tokenTitle', e.target.value)} maxLength={100} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="pkg-unit" label={t('packages.fields.unit')} required>
          <Input
            id="pkg-unit"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.unit}
            onChange={(e) => set('unit', e.target.value)}
          />
        </Field>
        <Field id="pkg-price" label={t('packages.fields.price')} required>
          <Input
            id="pkg-price"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </Field>
        <Field id="pkg-currency" label={t('packages.fields.currency')} required>
          <Input id="pkg-currency" value={values.currency} onChange={(e) => set('currency', e.target.value)} maxLength={10} />
        </Field>
      </div>
      <Field id="pkg-method" label={t('packages.fields.paymentMethod')} required>
        <Select id="pkg-method" value={values.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`paymentMethods.${m}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        id="pkg-qty"
        label={t('packages.fields.canAddQuantity')}
        checked={values.canAddQuantity}
        onChange={(c) => set('canAddQuantity', c)}
      />
      <ImageInput
        id="pkg-image"
        label={t('packages.fields.packageImage')}
        file={values.packageImage}
        existingUrl={item?.packageImage}
        onChange={(f) => set('packageImage', f)}
        required
      />
      <FormError error={mutation.error} fallback={item ? t('packages.updateFailed') : t('packages.createFailed')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!ready || mutation.isPending}>
          {mutation.isPending ? t('common.saving') : item ? t('common.update') : t('common.create')}
        </Button>
      </div>
    </form>
  );
}
