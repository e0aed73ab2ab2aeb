// Query keys of code stock: one package's delivery settings, the stock of every code package, one package's stock
// and its pages of (masked) codes, and the reveal log.
export const codeStockKeys = {
  all: ['code-stock'] as const,
  delivery: (packageId: string) => ['code-stock', 'delivery', packageId] as const,
  list: () => ['code-stock', 'list'] as const,
  stock: (packageId: string) => ['code-stock', 'stock', packageId] as const,
  codesOf: (packageId: string) => ['code-stock', 'codes', packageId] as const,
  codes: (packageId: string, params: { state?: string; currentPage: number; pageSize: number }) =>
    ['code-stock', 'codes', packageId, params] as const,
  reveals: (currentPage: number) => ['code-stock', 'reveals', currentPage] as const,
};
