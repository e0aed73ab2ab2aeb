// Add New / Edit ConfigSetting: needs a payment name and a phone; the order index is shown only when
// editing and must then be non-zero; numbers are parsed as integers; the server's errors in red.
import { useTranslation } from 'react-i18next';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { PAYMENT_METHODS, type PaymentMethod } from '@topup/contract/limits';
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
import { useCreatePaymentAccount } from '../api/create-payment-account';
import type { PaymentAccountFormValues } from '../api/payment-account-form-data';
import { useUpdatePaymentAccount } from '../api/update-payment-account';

export function canSubmitPaymentAccount(v: { paymentName: string; phone: string; orderIndex?: number }, editing: boolean): boolean {
  if (!v.paymentName.trim() || !v.phone.trim()) return false;
  return !editing || (Number.isInteger(v.orderIndex) && v.orderIndex !== 0);
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; item: PaymentAccountDto | null };

export function PaymentAccountFormDialog({ open, onOpenChange, item }: Props) {
  return <ResourceFormDialog open={open} onOpenChange={onOpenChange} item={item} texts="configSettings" form={PaymentAccountForm} />;
}

type Typed = Omit<PaymentAccountFormValues, 'orderIndex'> & {
  orderIndex: string;
  isActive: boolean;
  holderName: string;
  paymentMethod: PaymentMethod;
};

function PaymentAccountForm({ frame }: { frame: ResourceFormFrame<PaymentAccountDto> }) {
  const { t } = useTranslation('dashboard');
  const { t: owner } = useTranslation('owner');
  const item = frame.item;
  // The order index is sent only when editing (a new account goes last), parsed as an integer.
  const toSubmit = (v: Typed): PaymentAccountFormValues => ({ ...v, orderIndex: item ? Number.parseInt(v.orderIndex, 10) : undefined });
  const form = useResourceForm(frame, {
    initial: (): Typed => ({
      paymentName: item?.paymentName ?? '',
      phone: item?.phone ?? '',
      orderIndex: String(item?.orderIndex ?? ''),
      logo: null,
      isActive: item?.isActive ?? true,
      holderName: item?.holderName ?? '',
      paymentMethod: item?.paymentMethod ?? 'NORMAL',
    }),
    toSubmit,
    canSubmit: (v) => canSubmitPaymentAccount(toSubmit(v), item !== null),
    create: useCreatePaymentAccount(),
    update: useUpdatePaymentAccount(),
  });

  return (
    <ResourceForm form={form}>
      <InputField id="cs-name" label={t('configSettings.fields.paymentName')} required maxLength={60} {...form.text('paymentName')} />
      <InputField id="cs-phone" label={t('configSettings.fields.phone')} required type="tel" maxLength={20} {...form.text('phone')} />
      <InputField
        id="cs-holder"
        label={owner('paymentAccounts.holderName')}
        maxLength={60}
        autoComplete="off"
        {...form.text('holderName')}
      />
      <SelectField
        id="cs-method"
        label={owner('paymentAccounts.method')}
        required
        options={PAYMENT_METHODS.map((m) => ({ value: m, text: owner(`paymentAccounts.methods.${m}`) }))}
        {...form.text('paymentMethod')}
      />
      {item ? (
        <InputField
          id="cs-order"
          label={t('configSettings.fields.orderIndex')}
          required
          type="number"
          inputMode="numeric"
          step={1}
          {...form.text('orderIndex')}
        />
      ) : null}
      <ImageInput id="cs-logo" label={t('configSettings.fields.logo')} existingUrl={item?.logo} {...form.image('logo')} />
      <Checkbox id="cs-active" label={owner('paymentAccounts.isActive')} {...form.flag('isActive')} />
    </ResourceForm>
  );
}
