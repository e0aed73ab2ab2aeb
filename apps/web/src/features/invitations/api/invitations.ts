// /api/v1/Invitation: owners list, send and withdraw invitations; the invitee previews and accepts with the mailed token.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationBody, CreateInvitationBody, InvitationDto, InvitationPreviewDto } from '@topup/contract/invitations';
import { request } from '../../../lib/http';

const invitationsKey = ['invitations'] as const;

export const useInvitations = () =>
  useQuery({
    queryKey: invitationsKey,
    queryFn: async ({ signal }) => (await request<InvitationDto[]>('/api/v1/Invitation', { signal })).payLoad,
  });

export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateInvitationBody) =>
      (await request<InvitationDto>('/api/v1/Invitation', { method: 'POST', body })).payLoad,
    // A new invitation replaces an older one to the same address.
    onSuccess: (created) =>
      qc.setQueryData<InvitationDto[]>(invitationsKey, (list = []) => [created, ...list.filter((i) => i.email !== created.email)]),
  });
}

export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await request<{ id: string }>(`/api/v1/Invitation/${encodeURIComponent(id)}`, { method: 'DELETE' })).payLoad,
    onSuccess: ({ id }) => qc.setQueryData<InvitationDto[]>(invitationsKey, (list = []) => list.filter((i) => i.id !== id)),
  });
}

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: async ({ signal }) =>
      (await request<InvitationPreviewDto>('/api/v1/Invitation/preview', { method: 'POST', body: { token }, signal })).payLoad,
    enabled: token !== '',
    retry: false,
  });

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: AcceptInvitationBody) =>
      (await request<{ email: string }>('/api/v1/Invitation/accept', { method: 'POST', body })).payLoad,
  });
}
