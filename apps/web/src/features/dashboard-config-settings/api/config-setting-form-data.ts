// The multipart body of creating and updating a payment account.
export type ConfigSettingFormValues = { paymentName: string; phone: string; orderIndex?: number; logo: File | null; isActive?: boolean };

export function configSettingFormData(v: ConfigSettingFormValues): FormData {
  const form = new FormData();
  form.set('paymentName', v.paymentName.trim());
  form.set('phone', v.phone.trim());
  if (v.orderIndex !== undefined) form.set('orderIndex', String(v.orderIndex));
  form.set('logo', '');
  if (v.logo) form.set('file_Logo', v.logo);
  if (v.isActive !== undefined) form.set('isActive', v.isActive ? 'True' : 'False');
  return form;
}
