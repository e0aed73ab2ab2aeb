// The multipart body of creating and updating a game: text fields, 'True'/'False', and the three images.
export type GameFormValues = {
  title: string;
  description: string;
  orderIndex: number;
  serverType: string;
  isDisable: boolean;
  logo: File | null;
  bannerImage: File | null;
  gameProfileImage: File | null;
};

export function gameFormData(v: GameFormValues): FormData {
  const form = new FormData();
  form.set('title', v.title.trim());
  form.set('description', v.description);
  form.set('orderIndex', String(v.orderIndex));
  form.set('serverType', v.serverType);
  form.set('isDisable', v.isDisable ? 'True' : 'False');
  form.set('logo', '');
  form.set('bannerImage', '');
  if (v.logo) form.set('file_Logo', v.logo);
  if (v.bannerImage) form.set('file_BannerImage', v.bannerImage);
  if (v.gameProfileImage) form.set('file_GameProfileImage', v.gameProfileImage);
  return form;
}
