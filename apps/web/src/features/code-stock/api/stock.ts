// GET /api/v1/CodeStock (every code package's counts) and /api/v1/CodeStock/{packageId} (one package's counts).
// Counts only: no code ever travels in these answers.
import { useQuery } from '@tanstack/react-query';
import type { CodeStockDto } from '@topup/contract/code-stock';
import { request } from '../../../lib/http';
import { codeStockKeys } from './code-stock-keys';

export function useCodeStockList() {
  return useQuery({
    queryKey: codeStockKeys.list(),
    queryFn: async ({ signal }) => (await request<null>('/api/v1/CodeStock', { signal })).payLoadList as CodeStockDto[],
  });
}

export function usePackageStock(packageId: string, enabled = true) {
  return useQuery({
    queryKey: codeStockKeys.stock(packageId),
    queryFn: async ({ signal }) => (await request<CodeStockDto>(`/api/v1/CodeStock/${encodeURIComponent(packageId)}`, { signal })).payLoad,
    enabled,
  });
}
