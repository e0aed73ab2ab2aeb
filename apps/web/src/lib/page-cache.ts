// In-place updates of cached list pages: a created item goes on top of the first page and every count
// rises by one, an updated item replaces the one with its id, a deleted item leaves and every count falls by one.
// Lists are cached per page as `[...prefix, { currentPage, pageSize, searchTerm, ...filters }]` holding the Page payload.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page, Paging } from '@topup/contract/envelope';

export type ListParams = { currentPage: number; pageSize: number; searchTerm?: string } & Record<
  string,
  string | number | boolean | undefined
>;

function paramsOf(key: QueryKey): ListParams | undefined {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null && 'currentPage' in last ? (last as ListParams) : undefined;
}

/** Searched, filtered or sorted otherwise than newest first: only the server knows where an item belongs. */
const isSearched = (key: QueryKey) => {
  const params = paramsOf(key);
  if (!params) return false;
  return Object.entries(params).some(([k, v]) => k !== 'currentPage' && k !== 'pageSize' && v !== undefined && String(v).trim() !== '');
};

/** Paging after the total changed by `delta` and the page now holds `itemsOnPage` rows. */
export function recount(p: Paging, delta: number, itemsOnPage: number): Paging {
  const totalCount = Math.max(0, p.totalCount + delta);
  const totalPages = Math.max(1, Math.ceil(totalCount / p.pageSize));
  const offset = (p.currentPage - 1) * p.pageSize;
  return {
    ...p,
    totalCount,
    totalPages,
    previousPage: p.currentPage > 1 ? p.currentPage - 1 : null,
    nextPage: p.currentPage < totalPages ? p.currentPage + 1 : null,
    firstRowOnPage: itemsOnPage > 0 ? offset + 1 : 0,
    lastRowOnPage: offset + itemsOnPage,
  };
}

/**
 * A new item: on top of the first unsearched page (its last row moves on to page 2) and count + 1 on every
 * unsearched page. Later pages keep their rows but are marked stale, so they load fresh when visited; a searched
 * list can't know whether the item matches, so it reloads its one page.
 */
export function addToPages<T extends { id: string }>(qc: QueryClient, prefix: QueryKey, item: T): void {
  for (const [key, data] of qc.getQueriesData<Page<T>>({ queryKey: prefix })) {
    const params = paramsOf(key);
    if (!data || !params || isSearched(key)) continue;
    if (data.items.some((i) => i.id === item.id)) continue;
    const items = params.currentPage === 1 ? [item, ...data.items].slice(0, data.paging.pageSize) : data.items;
    qc.setQueryData<Page<T>>(key, { items, paging: recount(data.paging, 1, items.length) });
  }
  void qc.invalidateQueries({
    queryKey: prefix,
    refetchType: 'none',
    predicate: (q) => !isSearched(q.queryKey) && paramsOf(q.queryKey)?.currentPage !== 1,
  });
  void qc.invalidateQueries({ queryKey: prefix, predicate: (q) => isSearched(q.queryKey) });
}

/** An updated item replaces the one with the same id wherever it is cached. */
export function replaceInPages<T extends { id: string }>(qc: QueryClient, prefix: QueryKey, item: T): void {
  qc.setQueriesData<Page<T>>({ queryKey: prefix }, (data) =>
    data && Array.isArray(data.items) && data.items.some((i) => i.id === item.id)
      ? { ...data, items: data.items.map((i) => (i.id === item.id ? item : i)) }
      : data,
  );
}

/** A deleted item leaves every cached page; unsearched pages (and searched ones that held it) count one less. */
export function removeFromPages<T extends { id: string }>(qc: QueryClient, prefix: QueryKey, id: string): void {
  for (const [key, data] of qc.getQueriesData<Page<T>>({ queryKey: prefix })) {
    if (!data || !paramsOf(key)) continue;
    const held = data.items.some((i) => i.id === id);
    if (!held && isSearched(key)) continue;
    const items = held ? data.items.filter((i) => i.id !== id) : data.items;
    qc.setQueryData<Page<T>>(key, { items, paging: recount(data.paging, -1, items.length) });
  }
  // Rows after the removed one shift up a page: refresh those pages when they are next shown.
  void qc.invalidateQueries({ queryKey: prefix, refetchType: 'none' });
}
