// The workbench's order list: every filter alone and combined with the search and each sort, checked
// against a plain reference over known rows; bulk actions with a partial failure; the CSV export (BOM, header
// language, escaping and formula guard, shop time zone, filters, keyset pages).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@topup/contract/envelope';
import { MSG, textOf } from '@topup/contract/messages';
import type { OrderDto } from '@topup/contract/orders';
import { BULK_MAX, EXPORT_COLUMNS, OrderFilterQuery, type BulkActionResult, type OrderSort } from '@topup/contract/order-list';
import { type OrderEventDto } from '@topup/contract/order-timeline';
import type { OrderRow } from '../../db/schema.ts';
import { ADMIN, body, buildTestApp, putShopSettings, shopSettingsFields, type TestApp } from '../../../test/helpers.ts';
import { createGame } from './orders.fixtures.ts';
import { exportCsv as exportCsvStream, exportPages } from './export.service.ts';
import * as repo from './list.repository.ts';

let t: TestApp;
let gameA: string;
let gameB: string;
let ownerId: string;
const rows: OrderRow[] = [];

const STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
const VERDICTS = ['pending', 'match', 'mismatch', 'unreadable', 'failed', null] as const;
const BASE = Date.parse('2025-03-01T00:00:00.000Z');

function row(i: number, overrides: Partial<OrderRow> = {}): OrderRow {
  const created = new Date(BASE + i * 6 * 3600_000).toISOString();
  return {
    id: randomUUID(),
    code: `WB${String(i).padStart(6, '0')}`,
    in_game_user_id: `player${i}`,
    server_info: '',
    mobile_number: `0977${String(i).padStart(7, '0')}`,
    game_id: i % 2 ? gameA : gameB,
    game_title: i % 2 ? 'Mobile Legends' : 'PUBG Mobile',
    package_id: null,
    package_title: i % 2 ? '86 Diamonds' : '60 UC',
    package_unit: 86,
    package_price: 1000,
    package_currency: 'MMK',
    package_image: null,
    payment_method: i % 5 === 0 ? 'PHONEBILL' : 'NORMAL',
    quantity: 1,
    // Repeating amounts: sorting by amount needs the id to break ties.
    sub_total: ((i * 37) % 11) * 1000,
    transaction_number: String(100000 + i),
    screenshot: `shot-${i}.png`,
    status: STATUSES[i % 3]!,
    operator_id: i % 3 === 1 ? ownerId : null,
    operator_email: i % 3 === 1 ? ADMIN.email : null,
    is_read: i % 4 === 0 ? 1 : 0,
    created_at: created,
    updated_at: new Date(Date.parse(created) + ((i * 7) % 13) * 60_000).toISOString(),
    idempotency_key: null,
    cancel_reason: null,
    cancel_note: null,
    verdict: VERDICTS[i % 6]!,
    is_duplicate: i % 7 === 0 ? 1 : 0,
    payment_state: i % 5 === 1 ? 'received' : i % 11 === 2 ? 'amount_differs' : null,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  gameA = await createGame(t, { title: 'Mobile Legends' });
  gameB = await createGame(t, { title: 'PUBG Mobile' });
  ownerId = (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
  await putShopSettings(t.app, t.auth, shopSettingsFields({ timeZone: 'Asia/Yangon' }));
  for (let i = 0; i < 40; i++) rows.push(row(i));
  // Either side of midnight in Yangon (+06:30): 23:59:59 on 9 March and 00:00:00 on 10 March.
  rows.push(row(40, { created_at: '2025-03-09T17:29:59.000Z', updated_at: '2025-03-09T17:29:59.000Z' }));
  rows.push(row(41, { created_at: '2025-03-09T17:30:00.000Z', updated_at: '2025-03-09T17:30:00.000Z' }));
  await t.app.ctx.db.insertInto('orders').values(rows).execute();
});
afterAll(() => t.close());

const SORT_KEY: Record<OrderSort, [keyof OrderRow, 1 | -1]> = {
  '-createdAt': ['created_at', -1],
  createdAt: ['created_at', 1],
  '-subTotal': ['sub_total', -1],
  subTotal: ['sub_total', 1],
  '-updatedAt': ['updated_at', -1],
  updatedAt: ['updated_at', 1],
};

/** The reference: the rows kept by `keep`, in the sort's order with the id breaking ties the same way. */
function expected(keep: (r: OrderRow) => boolean, sort: OrderSort = '-createdAt'): string[] {
  const [key, dir] = SORT_KEY[sort];
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .filter(keep)
    .sort((a, b) => dir * (cmp(a[key] as string | number, b[key] as string | number) || cmp(a.id, b.id)))
    .map((r) => r.id);
}

async function list(query: string, pageSize = 1000) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order?pageSize=${pageSize}&${query}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<Page<OrderDto>>(res).payLoad;
}

const ids = (page: Page<OrderDto>) => page.items.map((o) => o.id);
const seeded = (r: OrderRow) => rows.includes(r);

describe('filters and sort', () => {
  it('each filter alone', async () => {
    const cases: Array<[string, (r: OrderRow) => boolean]> = [
      ['status=completed', (r) => r.status === 'COMPLETED'],
      [`gameId=${gameA}`, (r) => r.game_id === gameA],
      ['paymentMethod=PHONEBILL', (r) => r.payment_method === 'PHONEBILL'],
      ['verdict=mismatch', (r) => r.verdict === 'mismatch'],
      ['verdict=duplicate', (r) => r.is_duplicate === 1],
      ['isRead=true', (r) => r.is_read === 1],
      ['isRead=False', (r) => r.is_read === 0],
      [`operatorId=${ownerId}`, (r) => r.operator_id === ownerId],
      ['payment=received', (r) => r.payment_state === 'received'],
      ['payment=Amount_Differs', (r) => r.payment_state === 'amount_differs'],
      ['payment=not_received', (r) => r.payment_state === null],
      ['from=2025-03-05T00:00:00Z', (r) => r.created_at >= '2025-03-05T00:00:00.000Z'],
      ['to=2025-03-03T12:00:00%2B06:30', (r) => r.created_at < '2025-03-03T05:30:00.000Z'],
    ];
    for (const [query, keep] of cases) {
      const page = await list(query);
      expect(ids(page), query).toEqual(expected(keep));
      expect(page.paging.totalCount, query).toBe(expected(keep).length);
    }
  });

  it("each row carries its payment as the shop's wallet told it; the payment filter joins the others and the search", async () => {
    const page = await list('');
    for (const r of rows) expect(page.items.find((o) => o.id === r.id)!.paymentState, r.id).toBe(r.payment_state ?? 'not_received');
    const keep = (r: OrderRow) => r.payment_state === 'received' && r.status !== 'PENDING';
    const both = [...(await list('payment=received&status=COMPLETED')).items, ...(await list('payment=received&status=CANCELLED')).items];
    expect(new Set(both.map((o) => o.id))).toEqual(new Set(expected(keep)));
    // Title search (the counts-and-index path) and id search, with the payment filter: the exact rows and count.
    for (const term of ['pubg', 'player1']) {
      const found = (r: OrderRow) =>
        (r.game_title.toLowerCase().includes(term) || r.in_game_user_id.includes(term)) && r.payment_state === null;
      const searched = await list(`searchTerm=${term}&payment=not_received`);
      expect(ids(searched), term).toEqual(expected(found));
      expect(searched.paging.totalCount, term).toBe(expected(found).length);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/Order?payment=paid', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors!)).toEqual(['payment']);
  });

  it('combined with each other, with the search, in every sort, and paged', async () => {
    const sorts: OrderSort[] = ['-createdAt', 'createdAt', '-subTotal', 'subTotal', '-updatedAt', 'updatedAt'];
    for (const sort of sorts) {
      const keep = (r: OrderRow) => r.game_id === gameA && r.status !== 'PENDING' && r.in_game_user_id.includes('player1');
      const q = `gameId=${gameA}&searchTerm=PLAYER1&sort=${sort}`;
      const all = [...(await list(`${q}&status=COMPLETED`)).items, ...(await list(`${q}&status=CANCELLED`)).items].map((o) => o.id);
      expect(new Set(all), sort).toEqual(new Set(expected(keep, sort)));
      // Title search with filters, paged by 4: the pages join up to the whole list, in order.
      const titled = (r: OrderRow) => r.game_title.includes('PUBG') && r.is_read === 0 && r.payment_method === 'NORMAL';
      const pages: string[] = [];
      for (let p = 1; ; p++) {
        const page = await list(`searchTerm=pubg&isRead=false&paymentMethod=normal&sort=${sort}&currentPage=${p}`, 4);
        pages.push(...ids(page));
        if (!page.paging.nextPage) break;
      }
      expect(pages, sort).toEqual(expected(titled, sort));
    }
    // The sort alone (no filter) also goes through the filtered path.
    expect(ids(await list('sort=subTotal'))).toEqual(expected(seeded, 'subTotal'));
  });

  it('a date range is in shop days: a date-only `to` includes that whole day, in Asia/Yangon', async () => {
    const page = await list('from=2025-03-10&to=2025-03-10');
    const ids10 = expected((r) => r.created_at >= '2025-03-09T17:30:00.000Z' && r.created_at < '2025-03-10T17:30:00.000Z');
    expect(ids(page)).toEqual(ids10);
    expect(ids(page)).toContain(rows[41]!.id);
    expect(ids(page)).not.toContain(rows[40]!.id);
  });

  it('refuses a bad filter on its field, in the envelope', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/Order?status=SHIPPED', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors!)).toEqual(['status']);
    const reversed = await t.app.inject({ method: 'GET', url: '/api/v1/Order?from=2025-03-10&to=2025-03-09', headers: t.auth });
    expect(reversed.statusCode).toBe(400);
    expect(body(reversed).errors).toEqual({ to: [textOf(MSG.dateRangeOrder)] });
    const date = await t.app.inject({ method: 'GET', url: '/api/v1/Order?from=yesterday', headers: t.auth });
    expect(body(date).errors).toEqual({ from: [textOf(MSG.invalidDateTime)] });
  });

  it('offers everyone who can work orders as operators', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Order/Operators', headers: t.auth });
    expect(body(res).payLoad).toEqual([{ id: ownerId, email: ADMIN.email }]);
  });
});

describe('bulk actions', () => {
  const bulk = (payload: unknown, headers: Record<string, string> = t.auth) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Order/Bulk', headers, payload: payload as Record<string, unknown> });

  it('cancels the pending orders it can, and says which it could not and why', async () => {
    const pending = rows.filter((r) => r.status === 'PENDING').slice(0, 3);
    const completed = rows.find((r) => r.status === 'COMPLETED')!;
    const unknown = randomUUID();
    const res = await bulk({
      action: 'CANCEL',
      ids: [...pending.map((r) => r.id), completed.id, unknown],
      cancelReason: 'payment_not_received',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = body<BulkActionResult>(res);
    expect(result.message).toBe(textOf(MSG.bulkDone(3, 2)));
    expect(result.payLoad.succeeded).toEqual(pending.map((r) => r.id));
    expect(result.payLoad.failed).toEqual([
      { id: completed.id, orderCode: completed.code, code: 'bulkNotPending', message: textOf(MSG.bulkNotPending) },
      { id: unknown, orderCode: null, code: 'notFound', message: textOf(MSG.notFound('Order')) },
    ]);
    for (const r of pending) {
      const dto = body<OrderDto>(await t.app.inject({ method: 'GET', url: `/api/v1/Order/${r.id}`, headers: t.auth })).payLoad;
      expect([dto.status, dto.cancelReason]).toEqual(['CANCELLED', 'PAYMENT_NOT_RECEIVED']);
      const events = body<OrderEventDto[]>(
        await t.app.inject({ method: 'GET', url: `/api/v1/Order/${r.id}/Timeline`, headers: t.auth }),
      ).payLoad;
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['STATUS_CHANGED', { from: 'PENDING', to: 'CANCELLED', reason: 'PAYMENT_NOT_RECEIVED', note: null, bulk: true }],
      ]);
      Object.assign(r, { status: 'CANCELLED', updated_at: dto.updatedAt });
    }
    expect((await t.app.ctx.db.selectFrom('orders').select('status').where('id', '=', completed.id).executeTakeFirstOrThrow()).status).toBe(
      'COMPLETED',
    );
  });

  it('needs a reason to cancel, and either ids or a filter', async () => {
    const id = rows.find((r) => r.status === 'PENDING')!.id;
    expect(body(await bulk({ action: 'CANCEL', ids: [id] })).errors).toEqual({ cancelReason: [textOf(MSG.cancelReasonRequired)] });
    expect(body(await bulk({ action: 'COMPLETE' })).errors).toEqual({ ids: [textOf(MSG.bulkIdsOrFilter)] });
    expect(body(await bulk({ action: 'COMPLETE', ids: Array.from({ length: BULK_MAX + 1 }, () => randomUUID()) })).errors).toEqual({
      ids: [textOf(MSG.bulkTooMany(BULK_MAX))],
    });
    expect((await bulk({ action: 'COMPLETE', ids: [id] }, {})).statusCode).toBe(401);
  });

  it('marks every order matching a filter read, once each in its timeline; refuses a filter matching too many', async () => {
    const keep = (r: OrderRow) => r.game_id === gameB && r.is_read === 0 && r.status === 'COMPLETED';
    const target = expected(keep);
    const res = await bulk({ action: 'MARK_READ', filter: { gameId: gameB, isRead: false, status: 'COMPLETED' }, statusNote: 'x' });
    expect(body(res).errors).toEqual({ statusNote: [textOf(MSG.statusNoteNeedsChange)] });
    const ok = await bulk({ action: 'MARK_READ', filter: { gameId: gameB, isRead: 'false', status: 'COMPLETED' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<BulkActionResult>(ok).payLoad).toEqual({ succeeded: target, failed: [] });
    const reads = await t.app.ctx.db
      .selectFrom('order_events')
      .select('order_id')
      .where('type', '=', 'READ')
      .where('order_id', 'in', target)
      .execute();
    expect(reads.map((r) => r.order_id).sort()).toEqual([...target].sort());
    for (const r of rows) if (keep(r)) r.is_read = 1;

    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) =>
      row(100 + i, { id: randomUUID(), game_id: null, game_title: 'Bulk Game', created_at: '2024-01-01T00:00:00.000Z' }),
    );
    await t.app.ctx.db.insertInto('orders').values(many).execute();
    const tooMany = await bulk({ action: 'COMPLETE', filter: { searchTerm: 'bulk game' } });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).errors).toEqual({ filter: [textOf(MSG.bulkFilterTooBroad(BULK_MAX + 1, BULK_MAX))] });
    await t.app.ctx.db.deleteFrom('orders').where('game_title', '=', 'Bulk Game').execute();
  });
});

describe('CSV export', () => {
  const exportCsv = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/Order/Export?${query}`, headers: { ...t.auth, ...headers } });

  /** Splits CSV text into records of cells (quoted cells may hold commas, quotes and line breaks). */
  function parseCsv(text: string): string[][] {
    const records: string[][] = [];
    let cell = '';
    let record: string[] = [];
    let quoted = false;
    const endCell = () => {
      record.push(cell);
      cell = '';
    };
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') endCell();
      else if (c === '\r' && text[i + 1] === '\n') {
        endCell();
        records.push(record);
        record = [];
        i++;
      } else cell += c;
    }
    return records;
  }

  it('is UTF-8 with a BOM, an attachment, with the header in the caller language', async () => {
    const en = await exportCsv('status=PENDING');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(en.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const header = parseCsv(en.body.slice(1))[0]!;
    expect(header).toHaveLength(EXPORT_COLUMNS.length);
    expect(header.slice(0, 3)).toEqual(['Code', 'Placed at (Asia/Yangon)', 'Status']);
    const mm = await exportCsv('status=PENDING', { 'accept-language': 'my' });
    expect(parseCsv(mm.body.slice(1))[0]![0]).toBe(textOf(MSG.exportColumn('code'), 'mm'));
    expect(parseCsv(mm.body.slice(1))[0]![0]).toBe('ကုဒ်');
  });

  it('exports the filtered list in its order, times in the shop time zone, cells escaped and formulas guarded', async () => {
    await t.app.ctx.db
      .updateTable('orders')
      .set({ in_game_user_id: '=HYPERLINK("http://x")', server_info: 'Zone "7", north\nside', cancel_note: '@SUM(A1)' })
      .where('id', '=', rows[41]!.id)
      .execute();
    const res = await exportCsv('from=2025-03-10&to=2025-03-10');
    const records = parseCsv(res.body.slice(1)).slice(1);
    const byColumn = (record: string[]) => Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, record[i]!.replace(/^\u2060/, '')]));
    expect(records.map((r) => byColumn(r).transactionNumber)).toEqual(
      expected((r) => r.created_at >= '2025-03-09T17:30:00.000Z' && r.created_at < '2025-03-10T17:30:00.000Z').map(
        (id) => rows.find((r) => r.id === id)!.transaction_number,
      ),
    );
    const edge = byColumn(records.find((r) => byColumn(r).transactionNumber === rows[41]!.transaction_number)!);
    expect(edge.createdAt).toBe('2025-03-10 00:00:00');
    expect(edge.inGameUserId).toBe(`'=HYPERLINK("http://x")`);
    expect(edge.serverInfo).toBe('Zone "7", north\nside');
    expect(edge.cancelNote).toBe("'@SUM(A1)");
    expect(edge.mobileNumber).toBe(rows[41]!.mobile_number);
    expect(edge.isRead).toMatch(/^(Yes|No)$/);
    // On the wire: guarded, then quoted with its quotes doubled.
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('numbers made of digits stay text in a spreadsheet: the leading 0 of a phone number survives', async () => {
    const res = await exportCsv('from=2025-03-10&to=2025-03-10');
    const [header, ...records] = parseCsv(res.body.slice(1));
    for (const column of ['mobileNumber', 'transactionNumber'] as const) {
      const i = EXPORT_COLUMNS.indexOf(column);
      for (const record of records) {
        const cell = record[i]!;
        // What a spreadsheet does with a cell: a number when it parses as one (Excel and LibreOffice alike trim
        // spaces first). Marked with U+2060 it never does, and shows exactly the digits.
        expect(Number.isNaN(Number(cell.trim())), `${header![i]}: ${cell}`).toBe(true);
        expect(cell.startsWith('\u2060')).toBe(true);
        expect(cell.slice(1)).toMatch(/^0?\d+$/);
      }
    }
    const phones = records.map((r) => r[EXPORT_COLUMNS.indexOf('mobileNumber')]!.slice(1));
    expect(phones.every((p) => p.startsWith('09'))).toBe(true);
  });

  it('statuses, verdicts, reasons, payment methods and yes/no are words in the staff member’s language', async () => {
    await t.app.ctx.db.updateTable('orders').set({ cancel_reason: 'PAYMENT_NOT_RECEIVED' }).where('id', '=', rows[2]!.id).execute();
    const cells = async (headers: Record<string, string>) => {
      const records = parseCsv((await exportCsv('sort=createdAt', headers)).body.slice(1)).slice(1);
      const record = records.find((r) => r[EXPORT_COLUMNS.indexOf('code')] === rows[2]!.code)!;
      return Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, record[i]]));
    };
    const en = await cells({});
    expect(en).toMatchObject({
      status: 'Cancelled',
      verdict: "Doesn't match",
      cancelReason: 'Payment not received',
      isRead: 'No',
      paymentMethod: 'Mobile banking',
      payment: 'Amount differs',
    });
    const mm = await cells({ 'accept-language': 'my' });
    expect(mm).toMatchObject({
      status: 'ပယ်ဖျက်ပြီး',
      verdict: 'မကိုက်ညီပါ',
      cancelReason: 'ငွေ မရရှိပါ',
      isRead: 'မဟုတ်',
      paymentMethod: 'မိုဘိုင်းဘဏ်',
      payment: 'ငွေပမာဏ ကွဲလွဲသည်',
    });
    // The staff member's own choice wins over what the browser asks for.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/User/language', headers: t.auth, payload: { language: 'mm' } })).statusCode,
    ).toBe(200);
    try {
      expect((await cells({ 'accept-language': 'en' })).status).toBe('ပယ်ဖျက်ပြီး');
    } finally {
      await t.app.ctx.db.updateTable('users').set({ language: null }).execute();
      await t.app.ctx.db.updateTable('orders').set({ cancel_reason: null }).where('id', '=', rows[2]!.id).execute();
    }
  });

  it('reads the database in keyset pages, never the whole result, in the same order as the list', async () => {
    for (const sort of ['-subTotal', 'createdAt', '-updatedAt'] as const) {
      const where: repo.OrderWhere = { searchTerm: '' };
      const pages: string[][] = [];
      for await (const page of exportPages(t.app.ctx, where, sort, 7)) pages.push(page.map((r) => r.id));
      expect(pages.every((p) => p.length <= 7)).toBe(true);
      expect(pages.length).toBe(Math.ceil(rows.length / 7));
      expect(pages.flat(), sort).toEqual(expected(seeded, sort));
    }
    // The HTTP export of every order has them all, one line each.
    const all = await exportCsv('sort=-subTotal');
    expect(parseCsv(all.body.slice(1)).length - 1).toBe(rows.length);
  });

  it('gives the same bytes whatever the page size: pages stitched, the last one full or short', async () => {
    const read = async (pageSize: number) => {
      const { stream } = await exportCsvStream(t.app.ctx, OrderFilterQuery.parse({ sort: 'subTotal' }), '', 'en', pageSize);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const one = await read(10_000);
    const orders = parseCsv(one.toString('utf8').slice(1)).length - 1;
    expect(orders).toBeGreaterThanOrEqual(rows.length);
    expect((await read(7)).equals(one)).toBe(true);
    // Exactly one full page: the reader asks once more and finds nothing.
    expect((await read(orders)).equals(one)).toBe(true);
  });

  it('hands rows over one by one on PostgreSQL, and a failing row handler leaves the pool usable', async () => {
    const { eachRow } = t.app.ctx;
    if (t.app.ctx.dialect === 'sqlite') {
      // SQLite reads synchronously: its pages die young through kysely's execute.
      expect(eachRow).toBeUndefined();
      return;
    }
    const query = repo.pageAfter(t.app.ctx.db, { searchTerm: '' }, 'createdAt', null, 5).compile();
    const seen: string[] = [];
    await eachRow!(query, (row) => seen.push(row.id));
    expect(seen).toEqual((await t.app.ctx.db.executeQuery(query)).rows.map((r) => r.id));
    expect(seen).toHaveLength(5);
    let handed = 0;
    const failing = eachRow!(query, () => {
      handed++;
      throw new Error('row handler failed');
    });
    await expect(failing).rejects.toThrow('row handler failed');
    expect(handed).toBe(1);
    // Every connection of the pool still answers.
    await Promise.all(Array.from({ length: 12 }, () => t.app.ctx.db.executeQuery(query)));
  });

  it('is for staff only and checks its filter before streaming', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Order/Export' })).statusCode).toBe(401);
    const bad = await exportCsv('verdict=great');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors!)).toEqual(['verdict']);
  });
});
