// Admin order search against a plain reference (case-insensitive "contains" over the five search columns, newest first,
// exact totalCount), including terms with LIKE wildcards and quotes, and after the trigger-kept search structures
// (migration 0003) have seen inserts, updates, deletes and a clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderRow } from '../../db/schema.ts';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import * as repo from './orders.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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
    in_game_user_id: i % 3 === 0 ? `AbC_${i}x` : `5${String(i * 7919).padStart(8, '0')}`,
    server_info: '',
    mobile_number: `0977${String(i * 31).padStart(7, '0')}`,
    game_id: null,
    game_title: game,
    package_id: null,
    package_title: pkg,
    package_unit: 86,
    package_price: 5000,
    package_currency: 'MMK',
    package_image: null,
    payment_method: 'NORMAL',
    quantity: 1,
    sub_total: 5000,
    transaction_number: String(100000 + i * 1237).slice(0, 6),
    screenshot: `shot-${i}.webp`,
    status: i % 4 === 0 ? 'PENDING' : 'COMPLETED',
    operator_id: null,
    operator_email: null,
    is_read: 0,
    created_at: created,
    updated_at: created,
    idempotency_key: null,
    code: null,
    cancel_reason: null,
    cancel_note: null,
    verdict: null,
    is_duplicate: 0,
    ...overrides,
  };
}

const SEARCHED = ['in_game_user_id', 'mobile_number', 'transaction_number', 'game_title', 'package_title'] as const;

async function expected(term: string) {
  const rows = await t.app.ctx.db.selectFrom('orders').selectAll().execute();
  const needle = term.toLowerCase();
  return rows
    .filter((r) => term === '' || SEARCHED.some((c) => r[c].toLowerCase().includes(needle)))
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .map((r) => r.id);
}

async function page(term: string, currentPage: number, pageSize: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order?searchTerm=${encodeURIComponent(term)}&currentPage=${currentPage}&pageSize=${pageSize}`, headers: t.auth });
  expect(res.statusCode).toBe(200);
  return body<{ items: OrderDto[]; paging: { totalCount: number } }>(res).payLoad;
}

const TERMS = ['', '1234567', '12345678901234', 'legends', 'LeGeNdS', 'mobile', 'free fire', '100%', '%', '_', 'pass_p', 'abc_', 'ab', '0977', '31', '"', 'x"y', 'no such order', 'diamonds'];

async function expectAllTermsRight() {
  for (const term of [...TERMS, ...(await t.app.ctx.db.selectFrom('orders').select(['transaction_number', 'mobile_number']).limit(2).execute()).flatMap((r) => [r.transaction_number, r.transaction_number.slice(1, 5), r.mobile_number, r.mobile_number.slice(2, 9), `+95${r.mobile_number.slice(1)}`])]) {
    const want = await expected(term);
    for (const [currentPage, size] of [[1, 5], [2, 5], [1, 12]] as const) {
      const got = await page(term, currentPage, size);
      expect({ term, currentPage, total: got.paging.totalCount, ids: got.items.map((o) => o.id) }).toEqual({
        term,
        currentPage,
        total: want.length,
        ids: want.slice((currentPage - 1) * size, currentPage * size),
      });
    }
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

describe('order search', () => {
  it('matches the reference for every kind of term, with exact counts and stable pages', async () => {
    for (let i = 1; i <= 60; i++) await repo.insertOrder(t.app.ctx.db, order(i));
    expect(await titleCounts()).toEqual(await expectedTitleCounts());
    await expectAllTermsRight();
  });

  it('stays right after updates, deletes and a clean', async () => {
    const db = t.app.ctx.db;
    await repo.updateOrder(db, order(41).id, { in_game_user_id: 'NewPlayer%42', mobile_number: '09123450000', transaction_number: '999999' });
    await repo.updateOrder(db, order(4).id, { game_title: 'Free Fire', package_title: '100% Bonus Diamonds' });
    await repo.updateOrder(db, order(6).id, { status: 'CANCELLED' });
    await repo.deleteOrder(db, order(7).id);
    const cleanable = await repo.findCleanable(db, ['COMPLETED', 'CANCELLED'], '2025-01-01T00:00:10.000Z', 500);
    expect(cleanable.length).toBeGreaterThan(3);
    await repo.deleteCleanable(db, cleanable, ['COMPLETED', 'CANCELLED'], '2025-01-01T00:00:10.000Z');

    expect(await titleCounts()).toEqual(await expectedTitleCounts());
    expect((await page('newplayer%4', 1, 12)).items.map((o) => o.id)).toEqual([order(41).id]);
    expect((await page('999999', 1, 12)).paging.totalCount).toBe(1);
    expect((await page(order(41).transaction_number, 1, 12)).items.map((o) => o.id)).not.toContain(order(41).id);
    await expectAllTermsRight();
  });

  it('drops a title from the counts when its last order goes', async () => {
    const db = t.app.ctx.db;
    await db.deleteFrom('orders').where('game_title', '=', 'PUBG Mobile').execute();
    expect((await titleCounts()).map((r) => r.game_title)).not.toContain('PUBG Mobile');
    expect((await page('pubg', 1, 12)).paging.totalCount).toBe(0);
    await expectAllTermsRight();
  });
});
