// PUT /api/v1/User/language: the signed-in staff member's language for live notices and mails.
import { useMutation } from '@tanstack/react-query';
import type { Language } from '@topup/contract/limits';
import { request } from '../../../lib/http';

export async function setStaffLanguage(language: Language): Promise<void> {
  await request('/api/v1/User/language', { method: 'PUT', body: { language } });
}

export function useSetStaffLanguage() {
  return useMutation({ mutationFn: setStaffLanguage });
}
