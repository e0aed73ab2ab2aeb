// A package's codes, masked (GET /api/v1/CodeStock/{packageId}/Codes); an owner's audited reveal of one
// (POST …/Codes/{id}/Reveal, never cached: the code lives only in the component that asked for it); withdrawing an
// available code (DELETE …/Codes/{id}).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { CodeRevealDto, CodeState, RevealedCodeDto, StockCodeDto } from '@topup/contract/code-stock';
import { request } from '../../../lib/http';
import { codeStockKeys } from './code-stock-keys';

export const CODES_PAGE_SIZE = 20;

export function useStockCodes(packageId: string, state: CodeState | undefined, currentPage: number) {
  const params = { state, currentPage, pageSize: CODES_PAGE_SIZE };
  return useQuery({
    queryKey: codeStockKeys.codes(packageId, params),
    queryFn: async ({ signal }) =>
      (
        await request<Page<StockCodeDto>>(`/api/v1/CodeStock/${encodeURIComponent(packageId)}/Codes`, {
          query: { state, currentPage, pageSize: CODES_PAGE_SIZE },
          signal,
        })
      ).payLoad,
    placeholderData: keepPreviousData,
  });
}

export function useRevealCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (codeId: string) =>
      (await request<RevealedCodeDto>(`/api/v1/CodeStock/Codes/${encodeURIComponent(codeId)}/Reveal`, { method: 'POST' })).payLoad,
    // The reveal is now in the log.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['code-stock', 'reveals'] }),
  });
}

export function useWithdrawCode(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (codeId: string) =>
      (await request<unknown>(`/api/v1/CodeStock/Codes/${encodeURIComponent(codeId)}`, { method: 'DELETE' })).payLoad,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: codeStockKeys.codesOf(packageId) });
      void qc.invalidateQueries({ queryKey: codeStockKeys.stock(packageId) });
      void qc.invalidateQueries({ queryKey: codeStockKeys.list() });
    },
  });
}

export function useCodeReveals(currentPage: number) {
  return useQuery({
    queryKey: codeStockKeys.reveals(currentPage),
    queryFn: async ({ signal }) =>
      (await request<Page<CodeRevealDto>>('/api/v1/CodeStock/Reveals', { query: { currentPage, pageSize: 20 }, signal })).payLoad,
    placeholderData: keepPreviousData,
  });
}
