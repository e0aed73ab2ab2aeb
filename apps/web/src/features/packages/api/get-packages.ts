// GET /api/v1/TokenPackage: a page of packages (12 on the dashboard page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { packageKeys } from './package-keys';

export async function getPackages(params: ListParams): Promise<Page<TokenPackageDto>> {
  return (await request<Page<TokenPackageDto>>('/api/v1/TokenPackage', { query: params })).payLoad;
}

export const packagesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: packageKeys.list(params), queryFn: () => getPackages(params), placeholderData: keepPreviousData });

export function usePackages(params: ListParams) {
  return useQuery(packagesQueryOptions(params));
}
