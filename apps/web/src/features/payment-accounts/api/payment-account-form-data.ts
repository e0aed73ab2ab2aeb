// The multipart body of creating and updating a payment account.
import type { PaymentMethod } from '@topup/contract/limits';

export type PaymentAccountFormValues = {
  paymentName: string;
  phone: string;
  orderIndex?: number;
  logo: File | null;
  isActive?: boolean;
  /** Whose name the account is in, shown to buyers; absent leaves it unchanged. */
  holderName?: string;
  /** Which payment method the account is for; absent leaves it unchanged. */
  paymentMethod?: PaymentMethod;
};

export function paymentAccountFormData(v: PaymentAccountFormValues): FormData {
  const form = new FormData();
  form.set('paymentName', v.paymentName.trim());
  form.set('phone', v.phone.trim());
  if (v.orderIndex !== undefined) form.set('orderIndex', String(v.orderIndex));
  form.set('logo', '');
  if (v.logo) form.set('file_Logo', v.logo);
  if (v.isActive !== undefined) form.set('isActive', v.isActive ? 'True' : 'False');
  if (v.holderName !== undefined) form.set('holderName', v.holderName.trim());
  if (v.paymentMethod !== undefined) form.set('paymentMethod', v.paymentMethod);
  return form;
}
