// The reuse search of a check (reuse.ts) on a real database: the same picture is found among a month's orders, a
// receipt whose transaction id was read and differs is left out by the query itself, an unread id is compared with
// every picture, and nothing older than the window is looked at. And the fingerprint comparison against a plain
// bit-by-bit reference over random fingerprints (fast-check), malformed ones included.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orderRow, type TestApp } from '../../../test/helpers.ts';
import { MIN_COMMON_BITS, NEAR_IDENTICAL_SHARE, nearIdentical } from './image-hash.ts';
import { findSamePicture, REUSE_WINDOW_MS } from './reuse.ts';
import { listImageHashes } from './verification.repository.ts';

const fingerprint = () => `${randomBytes(512).toString('hex')}:${randomBytes(512).toString('hex')}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function orderWithCheck(hash: string, receiptTxnId: string | null, ageMs = 3600_000) {
  const at = new Date(Date.now() - ageMs).toISOString();
  const row = orderRow({ created_at: at, updated_at: at });
  await t.app.ctx.db.insertInto('orders').values(row).execute();
  await t.app.ctx.db
    .insertInto('order_checks')
    .values({ order_id: row.id, state: 'done', attempts: 1, next_attempt_at: at, cleaned: 1, image_hash: hash, receipt_txn_id: receiptTxnId, created_at: at, checked_at: at })
    .execute();
  return row.id;
}

describe('reuse search', () => {
  it('finds the same picture unless both receipts were read with different transaction ids, within 30 days', async () => {
    const picture = fingerprint();
    const sameId = await orderWithCheck(picture, '01001111222233334444');
    const unread = await orderWithCheck(picture, null);
    const otherId = await orderWithCheck(picture, '01009999888877776666');
    await orderWithCheck(picture, null, REUSE_WINDOW_MS + 3600_000); // before the window
    const different = await orderWithCheck(fingerprint(), '01001111222233334444');
    const self = await orderWithCheck(picture, '01001111222233334444', 0);
    const since = new Date(Date.now() - REUSE_WINDOW_MS).toISOString();

    const read = await findSamePicture(t.app.ctx.db, { orderId: self, since, hash: picture, receiptTxnId: '01001111222233334444' });
    expect(read.sort()).toEqual([sameId, unread].sort());
    // The query itself leaves out the receipt read with another id (and reads no row it need not compare).
    const candidates = (await listImageHashes(t.app.ctx.db, self, since, '01001111222233334444')).map((r) => r.id);
    expect(candidates.sort()).toEqual([sameId, unread, different].sort());

    const notRead = await findSamePicture(t.app.ctx.db, { orderId: self, since, hash: picture, receiptTxnId: null });
    expect(notRead.sort()).toEqual([sameId, unread, otherId].sort());
  });
});

/** The rule written out bit by bit, as plainly as it can be: the reference the quick comparison must agree with. */
function referenceNearIdentical(a: string, b: string): boolean {
  const parse = (h: string) => {
    const parts = h.split(':');
    if (parts.length !== 2 || parts[0]!.length !== 1024 || parts[1]!.length !== 1024 || !/^[0-9a-f]*$/i.test(parts[0]! + parts[1]!)) return null;
    const bitsOf = (hex: string) => [...hex].flatMap((c) => parseInt(c, 16).toString(2).padStart(4, '0').split('').map(Number));
    return { bits: bitsOf(parts[0]!), mask: bitsOf(parts[1]!) };
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return false;
  let compared = 0;
  let differing = 0;
  for (let i = 0; i < 4096; i++) {
    if (x.mask[i] && y.mask[i]) {
      compared++;
      if (x.bits[i] !== y.bits[i]) differing++;
    }
  }
  if (compared < MIN_COMMON_BITS) return differing === 0 && x.mask.join('') === y.mask.join('');
  return differing <= compared * NEAR_IDENTICAL_SHARE;
}

describe('fingerprint comparison', () => {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const half = fc.uint8Array({ minLength: 512, maxLength: 512 });
  // Masks from dense to nearly empty (a blank picture has almost no confident bits).
  const mask = fc.oneof(half, half.map((m) => m.map((v, i) => (i % 97 === 0 ? v & 1 : 0))), fc.constant(new Uint8Array(512)));
  const print = fc.tuple(half, mask).map(([b, m]) => `${hex(b)}:${hex(m)}`);
  /** A copy with some bits flipped and some confidence lost or gained: from a re-saved copy to another picture. */
  const copyOf = (h: string) =>
    fc.tuple(fc.array(fc.nat(4095), { maxLength: 500 }), fc.array(fc.nat(4095), { maxLength: 50 })).map(([flips, maskFlips]) => {
      const bits = Buffer.from(h.slice(0, 1024), 'hex');
      const m = Buffer.from(h.slice(1025), 'hex');
      for (const k of flips) bits[k >> 3]! ^= 1 << (k & 7);
      for (const k of maskFlips) m[k >> 3]! ^= 1 << (k & 7);
      return `${bits.toString('hex')}:${m.toString('hex')}`;
    });
  const malformed = (h: string) => fc.constantFrom(h.slice(0, 2048), `${h}0`, h.replace(':', '-'), `${h.slice(0, 10)}zz${h.slice(12)}`, h.toUpperCase(), '');

  it('agrees with the bit-by-bit rule on random pairs, copies and malformed fingerprints', () => {
    fc.assert(
      fc.property(
        print.chain((a) => fc.tuple(fc.constant(a), fc.oneof({ weight: 3, arbitrary: copyOf(a) }, { weight: 1, arbitrary: print }, { weight: 1, arbitrary: malformed(a) }))),
        ([a, b]) => {
          expect(nearIdentical(a, b)).toBe(referenceNearIdentical(a, b));
        },
      ),
      { numRuns: 400, seed: 20261124 },
    );
  });
});
