// CSV export of the filtered order list (docs/decisions/1005): streamed from the database in keyset pages, so an
// export of any size holds one page in memory; UTF-8 with a BOM (Excel then reads Burmese right), the header row in
// the caller's language, times in the shop's time zone, and every text cell guarded against formula injection.
import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, type ExportColumn, type OrderFilterQuery, type OrderSort } from '@topup/contract/workbench';
import { MSG, textOf, type Language } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import type { OrderRow } from '../../db/schema.ts';
import { formatZoned, zonedDate } from '../../lib/time-zone.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { resolveFilter } from './orders-filters.ts';
import * as repo from './orders.repository.ts';

/** Rows read per query: big enough that a million rows are 2,000 index range reads, small enough to stay a few MB. */
export const EXPORT_PAGE_SIZE = 500;
const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * One CSV cell. A text starting with = + - @ (or a tab or carriage return) would be run as a formula by a
 * spreadsheet: it gets a leading apostrophe, which spreadsheets show as text. Quotes, commas and line breaks quote it.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cells(row: OrderRow, timeZone: string): Record<ExportColumn, string | number | boolean | null> {
  return {
    code: row.code,
    createdAt: formatZoned(row.created_at, timeZone),
    status: row.status,
    gameTitle: row.game_title,
    packageTitle: row.package_title,
    quantity: row.quantity,
    subTotal: row.sub_total,
    currency: row.package_currency,
    paymentMethod: row.payment_method,
    inGameUserId: row.in_game_user_id,
    serverInfo: row.server_info,
    mobileNumber: row.mobile_number,
    transactionNumber: row.transaction_number,
    verdict: row.is_duplicate === 1 ? 'duplicate' : row.verdict,
    isRead: row.is_read === 1,
    operator: row.operator_email,
    cancelReason: row.cancel_reason,
    cancelNote: row.cancel_note,
    updatedAt: formatZoned(row.updated_at, timeZone),
  };
}

export function csvLine(values: ReadonlyArray<string | number | boolean | null>): string {
  return values.map(csvCell).join(',') + EOL;
}

/**
 * Reads the matching orders page after page in the sort's order: each call answers the next page, or null when none
 * is left. Only the last key is kept between calls; a page is garbage as soon as its caller lets go of it.
 */
export function pageReader(ctx: AppContext, where: repo.OrderWhere, sort: OrderSort, pageSize = EXPORT_PAGE_SIZE): () => Promise<OrderRow[] | null> {
  const [column] = repo.SORT_COLUMNS[sort];
  let after: repo.Keyset | null = null;
  let done = false;
  return async () => {
    if (done) return null;
    const rows = await repo.pageAfter(ctx.db, where, sort, after, pageSize);
    if (rows.length < pageSize) done = true;
    else {
      const last = rows[rows.length - 1]!;
      after = { value: last[column], id: last.id };
    }
    return rows.length > 0 ? rows : null;
  };
}

/**
 * The matching orders, page after page (for callers that want an iterator). The CSV export does not read through it:
 * a generator keeps the page it yielded referenced while it awaits the next query (see exportCsv).
 */
export async function* exportPages(ctx: AppContext, where: repo.OrderWhere, sort: OrderSort, pageSize = EXPORT_PAGE_SIZE) {
  const next = pageReader(ctx, where, sort, pageSize);
  for (let rows = await next(); rows !== null; rows = await next()) yield rows;
}

export type CsvExport = { filename: string; stream: Readable };

/** Checks the filter first (a bad one is a 400 in the envelope), then answers the stream to send. */
export async function exportCsv(ctx: AppContext, q: OrderFilterQuery, searchTerm: string, language: Language, pageSize = EXPORT_PAGE_SIZE): Promise<CsvExport> {
  const where = await resolveFilter(ctx, q, searchTerm);
  const { timeZone } = await getShopSettings(ctx);
  const header = EXPORT_COLUMNS.map((c) => {
    const label = textOf(MSG.exportColumn(c), language);
    return c === 'createdAt' || c === 'updatedAt' ? `${label} (${timeZone})` : label;
  });
  const nextPage = pageReader(ctx, where, q.sort, pageSize);
  /** The next page as CSV text; its rows are garbage once this returns, before the next query is sent. */
  const nextText = async (): Promise<string | null> => {
    const rows = await nextPage();
    if (rows === null) return null;
    let text = '';
    for (const row of rows) {
      const values = cells(row, timeZone);
      text += csvLine(EXPORT_COLUMNS.map((c) => values[c]));
    }
    return text;
  };
  // Pulled by the response's back-pressure: read() is called again only after a push, and only while the stream's
  // buffer is below its high-water mark, so one query is in flight at most and a slow download reads slowly. Nothing
  // of a page outlives the call that formats it (a generator would hold it across the next query's await, long
  // enough on PostgreSQL for V8 to move it to the old space, which then grows until a full collection).
  const stream = new Readable({
    read() {
      nextText().then(
        (text) => this.push(text),
        (err: unknown) => this.destroy(err as Error),
      );
    },
  });
  stream.push(BOM + csvLine(header));
  return { filename: `orders-${zonedDate(Date.now(), timeZone)}.csv`, stream };
}
