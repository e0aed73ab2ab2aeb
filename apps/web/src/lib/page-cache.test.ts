import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Page } from '@topup/contract/envelope';
import { addToPages, recount, removeFromPages, replaceInPages } from './page-cache';

type Item = { id: string; name: string };
const page = (ids: string[], currentPage: number, totalCount: number, pageSize = 2): Page<Item> => ({
  items: ids.map((id) => ({ id, name: id })),
  paging: recount(
    { currentPage, pageSize, totalCount, totalPages: 0, previousPage: null, nextPage: null, firstRowOnPage: 0, lastRowOnPage: 0 },
    0,
    ids.length,
  ),
});
const key = (currentPage: number, searchTerm = '') => ['things', 'list', { currentPage, pageSize: 2, searchTerm }];

describe('page cache', () => {
  it('puts a created item on top of page 1 and counts it on every page', () => {
    const qc = new QueryClient();
    qc.setQueryData(key(1), page(['a', 'b'], 1, 3));
    qc.setQueryData(key(2), page(['c'], 2, 3));
    addToPages(qc, ['things', 'list'], { id: 'n', name: 'new' });
    expect(qc.getQueryData<Page<Item>>(key(1))!.items.map((i) => i.id)).toEqual(['n', 'a']);
    expect(qc.getQueryData<Page<Item>>(key(1))!.paging).toMatchObject({ totalCount: 4, totalPages: 2, nextPage: 2 });
    expect(qc.getQueryData<Page<Item>>(key(2))!.paging.totalCount).toBe(4);
    expect(qc.getQueryState(key(2))!.isInvalidated).toBe(true);
  });

  it('replaces an updated item and removes a deleted one with count − 1', () => {
    const qc = new QueryClient();
    qc.setQueryData(key(1), page(['a', 'b'], 1, 3));
    replaceInPages(qc, ['things', 'list'], { id: 'b', name: 'changed' });
    expect(qc.getQueryData<Page<Item>>(key(1))!.items[1]).toEqual({ id: 'b', name: 'changed' });
    removeFromPages(qc, ['things', 'list'], 'a');
    const after = qc.getQueryData<Page<Item>>(key(1))!;
    expect(after.items.map((i) => i.id)).toEqual(['b']);
    expect(after.paging).toMatchObject({ totalCount: 2, totalPages: 1, nextPage: null, lastRowOnPage: 1 });
  });

  it('treats a filtered or re-sorted list like a searched one: a new item is not put on top, the page reloads', () => {
    const qc = new QueryClient();
    const filtered = ['things', 'list', { currentPage: 1, pageSize: 2, searchTerm: '', status: 'COMPLETED' }];
    const sorted = ['things', 'list', { currentPage: 1, pageSize: 2, searchTerm: '', sort: 'createdAt' }];
    qc.setQueryData(filtered, page(['a'], 1, 1));
    qc.setQueryData(sorted, page(['a', 'b'], 1, 2));
    addToPages(qc, ['things', 'list'], { id: 'n', name: 'new' });
    expect(qc.getQueryData<Page<Item>>(filtered)!.items.map((i) => i.id)).toEqual(['a']);
    expect(qc.getQueryData<Page<Item>>(sorted)!.paging.totalCount).toBe(2);
    expect(qc.getQueryState(filtered)!.isInvalidated).toBe(true);
    expect(qc.getQueryState(sorted)!.isInvalidated).toBe(true);
  });
});
