// Home grid paging as the spec has it: one growing page, 12 more rows per 'See More' press.
import { useState } from 'react';
import { PAGE_SIZE } from '@topup/contract/limits';

export function useSeeMore() {
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE.games);
  return { pageSize, more: () => setPageSize((n) => n + PAGE_SIZE.homeSeeMoreStep) };
}

/** 'See More' shows while the total is above 12 and more games remain than are shown. */
export function hasMore(totalCount: number, shown: number): boolean {
  return totalCount > PAGE_SIZE.games && totalCount > shown;
}
