// GET/PUT /api/v1/TokenPackage/{id}/Delivery: whether a package is sold as codes, who completes its orders (staff, or
// the shop once a wallet notice confirms payment), how to redeem (both languages) and its low-stock threshold.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageDeliveryBody, PackageDeliveryDto } from '@topup/contract/code-stock';
import { request } from '../../../lib/http';
import { codeStockKeys } from './code-stock-keys';

const deliveryUrl = (packageId: string) => `/api/v1/TokenPackage/${encodeURIComponent(packageId)}/Delivery`;

export function usePackageDelivery(packageId: string) {
  return useQuery({
    queryKey: codeStockKeys.delivery(packageId),
    queryFn: async ({ signal }) => (await request<PackageDeliveryDto>(deliveryUrl(packageId), { signal })).payLoad,
  });
}

export function useSavePackageDelivery(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PackageDeliveryBody) =>
      (await request<PackageDeliveryDto>(deliveryUrl(packageId), { method: 'PUT', body })).payLoad,
    onSuccess: (saved) => {
      qc.setQueryData(codeStockKeys.delivery(packageId), saved);
      // Becoming (or ceasing to be) a code product changes the stock list and this package's counts.
      void qc.invalidateQueries({ queryKey: codeStockKeys.list() });
      void qc.invalidateQueries({ queryKey: codeStockKeys.stock(packageId) });
    },
  });
}
