// Add New / Edit ConfigSetting: needs a payment name and a phone; the order index is shown only when
// editing and must then be non-zero; numbers are parsed as integers; the server's errors in red.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { PAYMENT_METHODS, type PaymentMethod } from '@topup/contract/limits';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field, Select } from '../../../components/dashboard/form-controls';
import { EditDialog } from '../../../components/dashboard/edit-dialog';
import { FormError } from '../../../components/dashboard/form-error';
import { ImageInput } from '../../../components/dashboard/image-input';
import { useCreatePaymentAccount } from '../api/create-payment-account';
import { useUpdatePaymentAccount } from '../api/update-payment-account';

export function canSubmitPaymentAccount(v: { paymentName: string; phone: string; orderIndex?: number }, editing: boolean): boolean {
  if (!v.paymentName.trim() || !v.phone.trim()) return false;
  return !editing || (Number.isInteger(v.orderIndex) && v.orderIndex !== 0);
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; item: PaymentAccountDto | null };

export function PaymentAccountFormDialog({ open, onOpenChange, item }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <EditDialog
      open={open}
      onOpenChange={onOpenChange}
      item={item}
      addTitle={t('configSettings.addTitle')}
      editTitle={t('configSettings.editTitle')}
    >
      {(onDone) => <PaymentAccountForm item={item} onDone={onDone} />}
    </EditDialog>
  );
}

function PaymentAccountForm({ item, onDone }: { item: PaymentAccountDto | null; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const create = useCreatePaymentAccount();
  const update = useUpdatePaymentAccount();
  const mutation = item ? update : create;
  const [paymentName, setPaymentName] = useState(item?.paymentName ?? '');
  const [phone, setPhone] = useState(item?.phone ?? '');
  const [orderIndexText, setOrderIndexText] = useState(String(item?.orderIndex ?? ''));
  const [logo, setLogo] = useState<File | null>(null);
  const [isActive, setIsActive] = useState(item?.isActive ?? true);
  const [holderName, setHolderName] = useState(item?.holderName ?? '');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(item?.paymentMethod ?? 'NORMAL');
  const { t: owner } = useTranslation('owner');
  const orderIndex = item ? Number.parseInt(orderIndexText, 10) : undefined;
  const ready = canSubmitPaymentAccount({ paymentName, phone, orderIndex }, item !== null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    const values = { paymentName, phone, orderIndex, logo, isActive, holderName, paymentMethod };
    if (item) update.mutate({ id: item.id, values }, { onSuccess: onDone });
    else create.mutate(values, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="cs-name" label={t('configSettings.fields.paymentName')} required>
        <Input id="cs-name" value={paymentName} onChange={(e) => setPaymentName(e.target.value)} maxLength={60} />
      </Field>
      <Field id="cs-phone" label={t('configSettings.fields.phone')} required>
        <Input id="cs-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={20} />
      </Field>
      <Field id="cs-holder" label={owner('paymentAccounts.holderName')}>
        <Input id="cs-holder" value={holderName} onChange={(e) => setHolderName(e.target.value)} maxLength={60} autoComplete="off" />
      </Field>
      <Field id="cs-method" label={owner('paymentAccounts.method')} required>
        <Select id="cs-method" value={paymentMethod} onChange={(e) => setPaymentMethod(e.target.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {owner(`paymentAccounts.methods.${m}`)}
            </option>
          ))}
        </Select>
      </Field>
      {item ? (
        <Field id="cs-order" label={t('configSettings.fields.orderIndex')} required>
          <Input
            id="cs-order"
            type="number"
            inputMode="numeric"
            step={1}
            value={orderIndexText}
            onChange={(e) => setOrderIndexText(e.target.value)}
          />
        </Field>
      ) : null}
      <ImageInput id="cs-logo" label={t('configSettings.fields.logo')} file={logo} existingUrl={item?.logo} onChange={setLogo} />
      <Checkbox id="cs-active" label={owner('paymentAccounts.isActive')} checked={isActive} onChange={setIsActive} />
      <FormError error={mutation.error} fallback={item ? t('configSettings.updateFailed') : t('configSettings.createFailed')} />
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
