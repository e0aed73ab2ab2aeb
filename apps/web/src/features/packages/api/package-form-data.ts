// The multipart body of creating and updating a token package.
import type { PaymentMethod } from '@topup/contract/limits';

export type PackageFormValues = {
  tokenTitle: string;
  unit: string;
  price: string;
  currency: string;
  gameId: string;
  paymentMethod: PaymentMethod;
  canAddQuantity: boolean;
  packageImage: File | null;
};

export function packageFormData(v: PackageFormValues): FormData {
  const form = new FormData();
  form.set('tokenTitle', v.tokenTitle.trim());
  form.set('unit', v.unit.trim());
  form.set('price', v.price.trim());
  form.set('currency', v.currency.trim());
  form.set('packageImage', '');
  form.set('gameId', v.gameId);
  form.set('paymentMethod', v.paymentMethod);
  form.set('canAddQuantity', v.canAddQuantity ? 'True' : 'False');
  if (v.packageImage) form.set('file_PackageImage', v.packageImage);
  return form;
}
