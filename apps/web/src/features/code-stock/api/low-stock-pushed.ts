// The hub's `ReceiveLowStock` (counts only, never a code): the package's counts replace the cached ones, in the
// stock list too, so the overview's low-stock card and the stock pages change while open.
import type { QueryClient } from '@tanstack/react-query';
import type { CodeStockDto, LowStockEvent } from '@topup/contract/code-stock';
import { codeStockKeys } from './code-stock-keys';

export function lowStockPushed(qc: QueryClient, { stock }: LowStockEvent): void {
  qc.setQueryData<CodeStockDto>(codeStockKeys.stock(stock.packageId), stock);
  qc.setQueryData<CodeStockDto[]>(codeStockKeys.list(), (list) => {
    if (!list) return list;
    return list.some((s) => s.packageId === stock.packageId)
      ? list.map((s) => (s.packageId === stock.packageId ? stock : s))
      : [...list, stock];
  });
}
