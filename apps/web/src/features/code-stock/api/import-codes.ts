// POST /api/v1/CodeStock/{packageId}/Codes: codes pasted or read from a CSV file, one a line (code, PIN or serial,
// expiry). The answer's counts replace the cached ones; the package's pages of codes are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeImportResultDto } from '@topup/contract/code-stock';
import { request } from '../../../lib/http';
import { codeStockKeys } from './code-stock-keys';

export function useImportCodes(packageId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await request<CodeImportResultDto>(`/api/v1/CodeStock/${encodeURIComponent(packageId)}/Codes`, {
          method: 'POST',
          body: { text },
        })
      ).payLoad,
    onSuccess: (result) => {
      qc.setQueryData(codeStockKeys.stock(packageId), result.stock);
      void qc.invalidateQueries({ queryKey: codeStockKeys.list() });
      void qc.invalidateQueries({ queryKey: codeStockKeys.codesOf(packageId) });
    },
  });
}
