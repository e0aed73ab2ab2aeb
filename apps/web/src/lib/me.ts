// GET /api/v1/User/me: the signed-in user's role and two-factor state (the dashboard hides what the role can't use).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeDto } from '@topup/contract/users';
import { request } from './http';

export const meKey = ['me'] as const;

export const meQuery = () =>
  queryOptions({ queryKey: meKey, queryFn: async ({ signal }) => (await request<MeDto>('/api/v1/User/me', { signal })).payLoad });

export const useMe = (enabled = true) => useQuery({ ...meQuery(), enabled });

/**
 * Whether the signed-in user is an owner. False while unknown: an owner-only action appears once the role is known,
 * rather than a staff member seeing it and being refused after acting (docs/decisions/0040-roles.md).
 */
export function useIsOwner(): boolean {
  return useMe().data?.role === 'owner';
}
