// The list body every dashboard resource page shares: loading / 'Something Went Wrong !!!' (with reload) / empty
// state, then the scrollable table with one header cell per column, one row per item, and the Pager under it.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import { cn } from '../../lib/cn';
import { errorText } from './form-error';
import { TABLE_WRAP, TD, TH, THEAD } from './form-controls';
import { Pager } from './pager';
import { ErrorScreen, LoadingScreen } from './status-screens';

export type ResourceColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's cells, added after TD. */
  className?: string;
  /** Shown only from 640 px: on a phone the row's main values and its actions come first. */
  wideOnly?: boolean;
};

const WIDE_ONLY = 'hidden sm:table-cell';
/** On a phone headers may wrap and cells are a little tighter, so a row fits 360 px where its columns allow. */
const PHONE_TH = cn(TH, 'px-2 whitespace-normal sm:px-3 sm:whitespace-nowrap');
const PHONE_TD = cn(TD, 'px-2 sm:px-3');

type Props<T extends { id: string }> = {
  query: UseQueryResult<Page<T>>;
  /** Names the scrollable region (the page title), so keyboard and screen-reader users can find the table. */
  label: string;
  columns: ResourceColumn<T>[];
  emptyText: string;
  loadFailedText: string;
  rowClassName?: (row: T) => string;
  onPage: (page: number) => void;
};

const ROW = 'border-t border-slate-200';

export function ResourceTable<T extends { id: string }>({
  query,
  label,
  columns,
  emptyText,
  loadFailedText,
  rowClassName,
  onPage,
}: Props<T>) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorScreen message={errorText(query.error, loadFailedText)} onReload={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{emptyText}</p>;
  }
  return (
    <>
      {/* tabIndex: a region that scrolls sideways must be reachable by keyboard. */}
      <div className={TABLE_WRAP} role="region" aria-label={label} tabIndex={0}>
        <table className="min-w-full text-left text-sm">
          <thead className={THEAD}>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cn(PHONE_TH, c.wideOnly && WIDE_ONLY)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((row) => (
              <tr key={row.id} className={rowClassName ? cn(ROW, rowClassName(row)) : ROW}>
                {columns.map((c) => (
                  <td key={c.key} className={cn(PHONE_TD, c.className, c.wideOnly && WIDE_ONLY)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager paging={query.data.paging} onPage={onPage} />
    </>
  );
}
