// GET /api/v1/User: a page of staff accounts (12 per page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { UserDto } from '@topup/contract/users';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { userKeys } from './user-keys';

export async function getUsers(params: ListParams): Promise<Page<UserDto>> {
  return (await request<Page<UserDto>>('/api/v1/User', { query: params })).payLoad;
}

export const usersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: () => getUsers(params), placeholderData: keepPreviousData });

export function useUsers(params: ListParams) {
  return useQuery(usersQueryOptions(params));
}
