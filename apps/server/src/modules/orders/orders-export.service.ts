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

/** The matching orders, page after page in the sort's order; only the last key is kept between pages. */
export async function* exportPages(ctx: AppContext, where: repo.OrderWhere, sort: OrderSort, pageSize = EXPORT_PAGE_SIZE) {
  const [column] = repo.SORT_COLUMNS[sort];
  let after: repo.Keyset | null = null;
  for (;;) {
    const rows = await repo.pageAfter(ctx.db, where, sort, after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { value: last[column], id: last.id };
  }
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
  async function* lines() {
    yield BOM + csvLine(header);
    for await (const rows of exportPages(ctx, where, q.sort, pageSize)) {
      yield rows
        .map((row) => {
          const values = cells(row, timeZone);
          return csvLine(EXPORT_COLUMNS.map((c) => values[c]));
        })
        .join('');
    }
  }
  return { filename: `orders-${zonedDate(Date.now(), timeZone)}.csv`, stream: Readable.from(lines(), { objectMode: false }) };
}
