// CSV export of the filtered order list (docs/decisions/0058): streamed from the database in keyset pages, so an
// export of any size holds one page in memory; UTF-8 with a BOM (Excel then reads Burmese right), the header row in
// the caller's language, times in the shop's time zone, and every text cell guarded against formula injection.
import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, type ExportColumn, type OrderFilterQuery, type OrderSort } from '@topup/contract/order-list';
import { MSG, textOf, type ExportValueKind, type Language } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import type { OrderRow } from '../../db/schema.ts';
import { formatZoned, zonedDate } from '../../lib/time-zone.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { resolveFilter } from './list-filters.ts';
import * as repo from './list.repository.ts';

/** Rows read per query: big enough that a million rows are 2,000 index range reads, small enough to stay a few MB. */
export const EXPORT_PAGE_SIZE = 500;
const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * One CSV cell. A text starting with = + - @ (or a tab or carriage return) would be run as a formula by a
 * spreadsheet: it gets a leading apostrophe, which spreadsheets show as text. Quotes, commas and line breaks quote it.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An invisible WORD JOINER: a spreadsheet no longer reads the cell as a number, and shows it as it is. */
const TEXT_MARK = '\u2060';

/**
 * Phone numbers, transaction numbers and ids made of digits are texts: a spreadsheet would read 09… as a number,
 * drop the 0 and show long ones as 9.77E+10. Marked, they stay text in Excel and LibreOffice alike
 * (docs/decisions/0078); the mark also keeps a leading + from being read as a formula.
 */
export function keepAsText(value: string): string {
  return /^[+\d][\d\s().-]*$/.test(value) ? TEXT_MARK + value : value;
}

function cells(row: OrderRow, timeZone: string, language: Language): Record<ExportColumn, string | number | null> {
  const word = (kind: ExportValueKind, value: string | boolean | null) =>
    value === null ? null : textOf(MSG.exportValue(kind, value), language);
  return {
    code: row.code,
    createdAt: formatZoned(row.created_at, timeZone),
    status: word('status', row.status),
    gameTitle: row.game_title,
    packageTitle: row.package_title,
    quantity: row.quantity,
    subTotal: row.sub_total,
    currency: row.package_currency,
    paymentMethod: word('paymentMethod', row.payment_method),
    inGameUserId: keepAsText(row.in_game_user_id),
    serverInfo: keepAsText(row.server_info),
    mobileNumber: keepAsText(row.mobile_number),
    transactionNumber: keepAsText(row.transaction_number),
    verdict: word('verdict', row.is_duplicate === 1 ? 'duplicate' : row.verdict),
    payment: word('payment', row.payment_state ?? 'not_received'),
    isRead: word('boolean', row.is_read === 1),
    operator: row.operator_email,
    cancelReason: word('cancelReason', row.cancel_reason ?? null),
    cancelNote: row.cancel_note,
    updatedAt: formatZoned(row.updated_at, timeZone),
  };
}

export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return values.map(csvCell).join(',') + EOL;
}

/**
 * The matching orders in keyset pages, in the sort's order: each call reads the next page and hands its rows to
 * `onRow` one by one, and answers false once there is nothing left to read. Only the last key is kept between calls.
 * On PostgreSQL the rows come straight from the driver as it parses them (`ctx.eachRow`) and are never collected in a
 * result array: collected pages read through the pool are promoted to V8's old space (docs/decisions/0058).
 */
export function keysetPages(ctx: AppContext, where: repo.OrderWhere, sort: OrderSort, pageSize = EXPORT_PAGE_SIZE) {
  const [column] = repo.SORT_COLUMNS[sort];
  let after: repo.Keyset | null = null;
  let done = false;
  return async (onRow: (row: OrderRow) => void): Promise<boolean> => {
    if (done) return false;
    let count = 0;
    let last: repo.Keyset | null = null;
    const each = (row: OrderRow) => {
      count++;
      last = { value: row[column], id: row.id };
      onRow(row);
    };
    const query = repo.pageAfter(ctx.db, where, sort, after, pageSize);
    if (ctx.eachRow) await ctx.eachRow(query.compile(), each);
    else for (const row of await query.execute()) each(row);
    if (count < pageSize) done = true;
    else after = last;
    return count > 0;
  };
}

/** The matching orders as arrays of rows, page after page (the CSV export reads `keysetPages` row by row instead). */
export async function* exportPages(ctx: AppContext, where: repo.OrderWhere, sort: OrderSort, pageSize = EXPORT_PAGE_SIZE) {
  const next = keysetPages(ctx, where, sort, pageSize);
  for (;;) {
    const rows: OrderRow[] = [];
    if (!(await next((row) => rows.push(row)))) return;
    yield rows;
  }
}

export type CsvExport = { filename: string; stream: Readable };

/** Checks the filter first (a bad one is a 400 in the envelope), then answers the stream to send. */
export async function exportCsv(
  ctx: AppContext,
  q: OrderFilterQuery,
  searchTerm: string,
  language: Language,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<CsvExport> {
  const where = await resolveFilter(ctx, q, searchTerm);
  const { timeZone } = await getShopSettings(ctx);
  const header = EXPORT_COLUMNS.map((c) => {
    const label = textOf(MSG.exportColumn(c), language);
    return c === 'createdAt' || c === 'updatedAt' ? `${label} (${timeZone})` : label;
  });
  const nextPage = keysetPages(ctx, where, q.sort, pageSize);
  /** The next page as CSV text, each row formatted as it arrives; null when the export is complete. */
  const nextText = async (): Promise<string | null> => {
    let text = '';
    const more = await nextPage((row) => {
      const values = cells(row, timeZone, language);
      text += csvLine(EXPORT_COLUMNS.map((c) => values[c]));
    });
    return more ? text : null;
  };
  // Pulled by the response's back-pressure: read() is called again only after a push, and only while the stream's
  // buffer is below its high-water mark, so one query is in flight at most and a slow download reads slowly. No row
  // outlives its line of text, and no page its push.
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
