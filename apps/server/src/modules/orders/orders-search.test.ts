// Admin order search against a plain reference (case-insensitive "contains" over the five search columns, newest first,
// exact totalCount), including terms with LIKE wildcards and quotes, and after the trigger-kept search structures
// (migration 0003) have seen inserts, updates, deletes and a clean. The same terms with the workbench's filters
// The search side and the title side are counted and paged apart there (decision 0060), so every
// combination is checked against the reference too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderRow } from '../../db/schema.ts';
import { ADMIN, body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createGame } from './orders.fixtures.ts';
import { insertOrder } from './placement.repository.ts';
import { markOrderRead, updateOrder } from './status-changes.repository.ts';
import { deleteCleanable, deleteOrder, findCleanable } from './deletion.repository.ts';

let t: TestApp;
let gameId: string;
let operatorId: string;
beforeAll(async () => {
  t = await buildTestApp();
  gameId = await createGame(t, { title: 'Mobile Legends' });
  operatorId = (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const TITLES: [string, string][] = [
  ['Mobile Legends', '86 Diamonds'],
  ['Mobile Legends', 'Weekly Pass_Plus'],
  ['PUBG Mobile', '60 UC'],
  ['Free Fire', '100% Bonus Diamonds'],
];

function order(i: number, overrides: Partial<OrderRow> = {}): OrderRow {
  // Most orders are Mobile Legends; one Free Fire order, so both the common and the rare title paths are used.
  const [game, pkg] = i === 7 ? TITLES[3]! : TITLES[i % 5 === 0 ? 2 : i % 2]!;
  const created = new Date(Date.UTC(2025, 0, 1, 0, 0, Math.floor(i / 2))).toISOString(); // pairs share a timestamp
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    // Some in-game ids hold a title's word: with a PUBG title (both sides match) and without (only the id does).
    in_game_user_id: i % 10 === 0 || i === 11 ? `pubg_${i}` : i % 3 === 0 ? `AbC_${i}x` : `5${String(i * 7919).padStart(8, '0')}`,
    server_info: '',
    mobile_number: `0977${String(i * 31).padStart(7, '0')}`,
    game_id: game === 'Mobile Legends' && i % 3 !== 0 ? gameId : null,
    game_title: game,
    package_id: null,
    package_title: pkg,
    package_unit: 86,
    package_price: 5000,
    package_currency: 'MMK',
    package_image: null,
    payment_method: i % 3 === 1 ? 'PHONEBILL' : 'NORMAL',
    quantity: 1,
    sub_total: 5000,
    transaction_number: String(100000 + i * 1237).slice(0, 6),
    screenshot: `shot-${i}.webp`,
    status: i % 4 === 0 ? 'PENDING' : 'COMPLETED',
    operator_id: i % 4 === 2 ? operatorId : null,
    operator_email: null,
    is_read: i % 2,
    created_at: created,
    updated_at: created,
    idempotency_key: null,
    code: null,
    cancel_reason: null,
    cancel_note: null,
    verdict: [null, 'match', 'mismatch', 'match', 'unreadable'][i % 5]!,
    is_duplicate: i % 7 === 0 ? 1 : 0,
    payment_state: null,
    ...overrides,
  };
}

const SEARCHED = ['in_game_user_id', 'mobile_number', 'transaction_number', 'game_title', 'package_title'] as const;

async function expected(term: string, keep: (r: OrderRow) => boolean = () => true) {
  const rows = await t.app.ctx.db.selectFrom('orders').selectAll().execute();
  const needle = term.toLowerCase();
  return rows
    .filter((r) => term === '' || SEARCHED.some((c) => r[c].toLowerCase().includes(needle)))
    .filter(keep)
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .map((r) => r.id);
}

async function page(term: string, currentPage: number, pageSize: number, filter = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/Order?searchTerm=${encodeURIComponent(term)}&currentPage=${currentPage}&pageSize=${pageSize}${filter}`,
    headers: t.auth,
  });
  expect(res.statusCode).toBe(200);
  return body<{ items: OrderDto[]; paging: { totalCount: number } }>(res).payLoad;
}

const TERMS = [
  '',
  '1234567',
  '12345678901234',
  'legends',
  'LeGeNdS',
  'mobile',
  'free fire',
  '100%',
  '%',
  '_',
  'pass_p',
  'abc_',
  'ab',
  '0977',
  '31',
  '"',
  'x"y',
  'no such order',
  'diamonds',
];

/** Each filter of the workbench (query string) and what it keeps, alone and two together. */
function filters(): [string, (r: OrderRow) => boolean][] {
  return [
    ['&status=PENDING', (r) => r.status === 'PENDING'],
    [`&gameId=${gameId}`, (r) => r.game_id === gameId],
    ['&paymentMethod=PHONEBILL', (r) => r.payment_method === 'PHONEBILL'],
    ['&verdict=mismatch', (r) => r.verdict === 'mismatch'],
    ['&verdict=duplicate', (r) => r.is_duplicate === 1],
    ['&isRead=false', (r) => r.is_read === 0],
    [`&operatorId=${operatorId}`, (r) => r.operator_id === operatorId],
    [
      '&from=2025-01-01T00:00:06Z&to=2025-01-01T00:00:20Z',
      (r) => r.created_at >= '2025-01-01T00:00:06.000Z' && r.created_at < '2025-01-01T00:00:20.000Z',
    ],
    ['&status=COMPLETED&isRead=true', (r) => r.status === 'COMPLETED' && r.is_read === 1],
  ];
}

async function expectAllTermsRight() {
  const ids = (await t.app.ctx.db.selectFrom('orders').select(['transaction_number', 'mobile_number']).limit(2).execute()).flatMap((r) => [
    r.transaction_number,
    r.transaction_number.slice(1, 5),
    r.mobile_number,
    r.mobile_number.slice(2, 9),
    `+95${r.mobile_number.slice(1)}`,
  ]);
  for (const term of [...TERMS, ...ids]) await expectTermRight(term);
  // With filters: terms of every kind (titles common and rare, ids, numbers, wildcards) and pages 1–2.
  for (const term of ['legends', 'LeGeNdS', 'PUBG', 'free fire', 'diamonds', '100%', 'pass_p', 'abc_', '0977', ...ids.slice(0, 3)]) {
    for (const [filter, keep] of filters()) await expectTermRight(term, filter, keep);
  }
}

async function expectTermRight(term: string, filter = '', keep?: (r: OrderRow) => boolean) {
  const want = await expected(term, keep);
  for (const [currentPage, size] of [
    [1, 5],
    [2, 5],
    [1, 12],
  ] as const) {
    const got = await page(term, currentPage, size, filter);
    expect({ term, filter, currentPage, total: got.paging.totalCount, ids: got.items.map((o) => o.id) }).toEqual({
      term,
      filter,
      currentPage,
      total: want.length,
      ids: want.slice((currentPage - 1) * size, currentPage * size),
    });
  }
}

async function titleCounts() {
  return t.app.ctx.db.selectFrom('order_title_counts').selectAll().orderBy('game_title').orderBy('package_title').execute();
}

async function expectedTitleCounts() {
  const rows = await t.app.ctx.db
    .selectFrom('orders')
    .select(['game_title', 'package_title', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['game_title', 'package_title'])
    .orderBy('game_title')
    .orderBy('package_title')
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** The trigger-kept counts per combination (migration 0011) against a GROUP BY of the orders. */
async function expectFilterCountsRight() {
  const db = t.app.ctx.db;
  const key = (r: Record<string, unknown>) =>
    JSON.stringify([
      r.game_title,
      r.package_title,
      r.status,
      r.game_id ?? '',
      r.payment_method,
      r.verdict ?? '',
      r.is_duplicate,
      r.is_read,
      r.operator_id ?? '',
    ]);
  const kept = new Map((await db.selectFrom('order_filter_counts').selectAll().execute()).map((r) => [key(r), Number(r.n)]));
  const want = new Map<string, number>();
  for (const r of await db.selectFrom('orders').selectAll().execute()) want.set(key(r), (want.get(key(r)) ?? 0) + 1);
  expect(kept).toEqual(want);
}

describe('order search', () => {
  it('matches the reference for every kind of term, with exact counts and stable pages', async () => {
    for (let i = 1; i <= 60; i++) await insertOrder(t.app.ctx.db, order(i));
    expect(await titleCounts()).toEqual(await expectedTitleCounts());
    await expectFilterCountsRight();
    await expectAllTermsRight();
  });

  it('stays right after updates, deletes and a clean', async () => {
    const db = t.app.ctx.db;
    await updateOrder(db, order(41).id, {
      in_game_user_id: 'NewPlayer%42',
      mobile_number: '09123450000',
      transaction_number: '999999',
    });
    await updateOrder(db, order(4).id, { game_title: 'Free Fire', package_title: '100% Bonus Diamonds' });
    await updateOrder(db, order(6).id, { status: 'CANCELLED' });
    await updateOrder(db, order(8).id, {
      verdict: 'failed',
      is_duplicate: 1,
      operator_id: operatorId,
      game_id: null,
      payment_method: 'PHONEBILL',
    });
    await markOrderRead(db, order(9).id);
    await deleteOrder(db, order(7).id);
    const cleanable = await findCleanable(db, ['COMPLETED', 'CANCELLED'], '2025-01-01T00:00:10.000Z', 500);
    expect(cleanable.length).toBeGreaterThan(3);
    await deleteCleanable(db, cleanable, ['COMPLETED', 'CANCELLED'], '2025-01-01T00:00:10.000Z');

    expect(await titleCounts()).toEqual(await expectedTitleCounts());
    await expectFilterCountsRight();
    expect((await page('newplayer%4', 1, 12)).items.map((o) => o.id)).toEqual([order(41).id]);
    expect((await page('999999', 1, 12)).paging.totalCount).toBe(1);
    expect((await page(order(41).transaction_number, 1, 12)).items.map((o) => o.id)).not.toContain(order(41).id);
    await expectAllTermsRight();
  });

  it('drops a title from the counts when its last order goes', async () => {
    const db = t.app.ctx.db;
    await db.deleteFrom('orders').where('game_title', '=', 'PUBG Mobile').execute();
    expect((await titleCounts()).map((r) => r.game_title)).not.toContain('PUBG Mobile');
    await expectFilterCountsRight();
    // Deleting the game sets its orders' game to null (foreign key): the counts follow that update too.
    await db.deleteFrom('games').where('id', '=', gameId).execute();
    await expectFilterCountsRight();
    expect((await page('pubg', 1, 12)).paging.totalCount).toBe(0);
    await expectAllTermsRight();
  });
});
