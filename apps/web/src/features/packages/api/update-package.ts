// PUT /api/v1/TokenPackage/{id} (multipart): the answer replaces the cached package.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { request } from '../../../lib/http';
import { replaceInPages } from '../../../lib/page-cache';
import { packageFormData, type PackageFormValues } from './package-form-data';
import { packageKeys } from './package-keys';

export async function updatePackage(id: string, values: PackageFormValues): Promise<TokenPackageDto> {
  return (
    await request<TokenPackageDto>(`/api/v1/TokenPackage/${encodeURIComponent(id)}`, { method: 'PUT', body: packageFormData(values) })
  ).payLoad;
}

export function useUpdatePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PackageFormValues }) => updatePackage(id, values),
    onSuccess: (item) => replaceInPages(qc, packageKeys.lists(), item),
  });
}
