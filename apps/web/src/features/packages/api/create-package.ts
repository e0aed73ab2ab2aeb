// POST /api/v1/TokenPackage (multipart): the new package goes on top and the count rises by one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { request } from '../../../lib/http';
import { addToPages } from '../../../lib/page-cache';
import { packageFormData, type PackageFormValues } from './package-form-data';
import { packageKeys } from './package-keys';

export async function createPackage(values: PackageFormValues): Promise<TokenPackageDto> {
  return (await request<TokenPackageDto>('/api/v1/TokenPackage', { method: 'POST', body: packageFormData(values) })).payLoad;
}

export function useCreatePackage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPackage, onSuccess: (item) => addToPages(qc, packageKeys.lists(), item) });
}
