// The signed-in user's own two-factor calls: setup (QR code), enable (code → recovery codes), new recovery codes, disable.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesDto, TwoFactorSetupDto } from '@topup/contract/two-factor';
import { request } from '../../../lib/http';
import { meKey } from '../../../lib/me';

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: async () => (await request<TwoFactorSetupDto>('/api/v1/auth/two-factor/setup', { method: 'POST' })).payLoad,
  });
}

export function useEnableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await request<RecoveryCodesDto>('/api/v1/auth/two-factor/enable', { method: 'POST', body: { code } })).payLoad,
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}

export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await request<RecoveryCodesDto>('/api/v1/auth/two-factor/recovery-codes', { method: 'POST', body: { code } })).payLoad,
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await request<null>('/api/v1/auth/two-factor/disable', { method: 'POST', body: { password } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}
