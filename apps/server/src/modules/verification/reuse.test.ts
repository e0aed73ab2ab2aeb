// The reuse search of a check (reuse.ts) on a real database: the same picture is found among a month's orders, a
// receipt whose transaction id was read and differs is left out by the query itself, an unread id is compared with
// every picture (page after page, with the same answer as one comparison of all), nothing older than the window is
// looked at, and a copy stored while the unlocked scan ran is still found under the lock. And the fingerprint
// comparison against a plain bit-by-bit reference over random fingerprints (fast-check), malformed ones included.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orderRow, type TestApp } from '../../../test/helpers.ts';
import { hashFromHex, HASH_BYTES, imageHash, MIN_COMMON_BITS, NEAR_IDENTICAL_SHARE, nearIdentical } from './image-hash.ts';
import { finishSamePicture, findSamePicture, REUSE_WINDOW_MS, scanSamePicture, SCAN_PAGE_ROWS } from './reuse.ts';
import { latestHashSeq, listHashesPage, MAX_LINKS_PER_KIND } from './verification.repository.ts';

const fingerprint = () => randomBytes(HASH_BYTES);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An order with a finished check, its fingerprint numbered the way a check numbers it (after every one stored). */
async function orderWithCheck(
  hash: Buffer,
  receiptTxnId: string | null,
  ageMs = 3600_000,
  at = new Date(Date.now() - ageMs).toISOString(),
) {
  const row = orderRow({ created_at: at, updated_at: at });
  await t.app.ctx.db.insertInto('orders').values(row).execute();
  await t.app.ctx.db
    .insertInto('order_checks')
    .values({
      order_id: row.id,
      state: 'done',
      attempts: 1,
      next_attempt_at: at,
      cleaned: 1,
      image_hash: hash,
      hash_seq: (await latestHashSeq(t.app.ctx.db)) + 1,
      receipt_txn_id: receiptTxnId,
      created_at: at,
      checked_at: at,
    })
    .execute();
  return row.id;
}

/** The window of a check placed now. */
const sinceNow = () => new Date(Date.now() - REUSE_WINDOW_MS).toISOString();

describe('reuse search', () => {
  it('finds the same picture unless both receipts were read with different transaction ids, within 30 days', async () => {
    const picture = fingerprint();
    const sameId = await orderWithCheck(picture, '01001111222233334444');
    const unread = await orderWithCheck(picture, null);
    const otherId = await orderWithCheck(picture, '01009999888877776666');
    await orderWithCheck(picture, null, REUSE_WINDOW_MS + 3600_000); // before the window
    const different = await orderWithCheck(fingerprint(), '01001111222233334444');
    const self = await orderWithCheck(picture, '01001111222233334444', 0);
    const since = sinceNow();

    const read = await findSamePicture(t.app.ctx.db, { orderId: self, since, hash: picture, receiptTxnId: '01001111222233334444' });
    expect(read.sort()).toEqual([sameId, unread].sort());
    // The query itself leaves out the receipt read with another id (and reads no row it need not compare).
    const filter = { orderId: self, since, receiptTxnId: '01001111222233334444' };
    const candidates = (await listHashesPage(t.app.ctx.db, filter, await latestHashSeq(t.app.ctx.db), null, 100)).map((r) => r.id);
    expect(candidates.sort()).toEqual([sameId, unread, different].sort());

    const notRead = await findSamePicture(t.app.ctx.db, { orderId: self, since, hash: picture, receiptTxnId: null });
    expect(notRead.sort()).toEqual([sameId, unread, otherId].sort());
  });

  it('finds a resized copy with the id unread, also one stored while the unlocked scan ran; drops a match checked again or deleted meanwhile', async () => {
    const original = await sharp({
      create: { width: 400, height: 700, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const resized = await sharp(original).resize({ width: 300 }).jpeg({ quality: 80 }).toBuffer();
    const [hash, copyHash] = await Promise.all([imageHash(original), imageHash(resized)]);
    expect(nearIdentical(hash, copyHash)).toBe(true);

    const before = await orderWithCheck(copyHash, null, 2 * 3600_000);
    const checkedAgain = await orderWithCheck(copyHash, null, 2 * 3600_000);
    const deleted = await orderWithCheck(copyHash, '01005555666677778888', 2 * 3600_000);
    const self = await orderWithCheck(hash, null, 0);
    const q = { orderId: self, since: sinceNow(), hash, receiptTxnId: null };
    const scan = await scanSamePicture(t.app.ctx.db, q);
    expect(scan.matches.map((m) => m.id).sort()).toEqual([before, checkedAgain, deleted].sort());

    // While the scan ran (no lock held): a copy is checked and stored, one match is checked again with another
    // picture, another one's order is deleted.
    const during = await orderWithCheck(copyHash, null, 60_000);
    await t.app.ctx.db
      .updateTable('order_checks')
      .set({ image_hash: fingerprint(), hash_seq: (await latestHashSeq(t.app.ctx.db)) + 1 })
      .where('order_id', '=', checkedAgain)
      .execute();
    await t.app.ctx.db.deleteFrom('orders').where('id', '=', deleted).execute();

    const found = await t.app.ctx.db.transaction().execute((trx) => finishSamePicture(trx, q, scan));
    expect(found).toEqual([during, before]);
    // The same as one search done after all of it.
    expect(await findSamePicture(t.app.ctx.db, q)).toEqual(found);
  });

  it('reads page after page (ties on the order time included), newest first, and keeps the newest MAX_LINKS_PER_KIND', async () => {
    const picture = fingerprint();
    const sameTime = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
    const copies: string[] = [];
    // More than two pages, a page boundary falling inside a run of orders placed at the same millisecond.
    for (let i = 0; i < 2 * SCAN_PAGE_ROWS + 100; i++) {
      const copy = i % 20 === 3;
      const id = await orderWithCheck(
        copy ? picture : fingerprint(),
        null,
        0,
        i < 600 ? sameTime : new Date(Date.now() - 3600_000 - i * 1000).toISOString(),
      );
      if (copy) copies.push(id);
    }
    const self = await orderWithCheck(picture, null, 0);
    const rows = await t.app.ctx.db.selectFrom('orders').select(['id', 'created_at']).where('id', 'in', copies).execute();
    const all = await findSamePicture(t.app.ctx.db, { orderId: self, since: sinceNow(), hash: picture, receiptTxnId: null });
    // Every copy compared once: 55 of them, the newest 50 kept (the earlier tests' pictures are others).
    expect(copies.length).toBeGreaterThan(MAX_LINKS_PER_KIND);
    expect(all).toHaveLength(MAX_LINKS_PER_KIND);
    const newest = rows.sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1));
    const cutoff = newest[MAX_LINKS_PER_KIND - 1]!.created_at;
    expect(all.every((id) => copies.includes(id))).toBe(true);
    expect(newest.filter((r) => r.created_at > cutoff).every((r) => all.includes(r.id))).toBe(true);
  }, 60_000);
});

/** The rule written out bit by bit, as plainly as it can be: the reference the quick comparison must agree with. */
function referenceNearIdentical(a: string, b: string): boolean {
  const parse = (h: string) => {
    const parts = h.split(':');
    if (parts.length !== 2 || parts[0]!.length !== 1024 || parts[1]!.length !== 1024 || !/^[0-9a-f]*$/i.test(parts[0]! + parts[1]!))
      return null;
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
  if (compared < MIN_COMMON_BITS) return false;
  return differing <= compared * NEAR_IDENTICAL_SHARE;
}

describe('fingerprint comparison', () => {
  it('gives low-information pictures (blank, one colour) no fingerprint to match: two blank uploads are not the same', async () => {
    const plain = (colour: string) =>
      sharp({ create: { width: 400, height: 800, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const white = await imageHash(await plain('#ffffff'));
    expect(nearIdentical(white, await imageHash(await plain('#ffffff')))).toBe(false);
    expect(nearIdentical(white, white)).toBe(false);
    expect(nearIdentical(await imageHash(await plain('#123456')), await imageHash(await plain('#123456')))).toBe(false);
  });

  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const half = fc.uint8Array({ minLength: 512, maxLength: 512 });
  // Masks from dense to nearly empty (a blank picture has almost no confident bits).
  const mask = fc.oneof(
    half,
    half.map((m) => m.map((v, i) => (i % 97 === 0 ? v & 1 : 0))),
    fc.constant(new Uint8Array(512)),
  );
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
  const malformed = (h: string) =>
    fc.constantFrom(h.slice(0, 2048), `${h}0`, h.replace(':', '-'), `${h.slice(0, 10)}zz${h.slice(12)}`, h.toUpperCase(), '');

  it('agrees with the bit-by-bit rule on random pairs, copies and malformed fingerprints', () => {
    fc.assert(
      fc.property(
        print.chain((a) =>
          fc.tuple(
            fc.constant(a),
            fc.oneof({ weight: 3, arbitrary: copyOf(a) }, { weight: 1, arbitrary: print }, { weight: 1, arbitrary: malformed(a) }),
          ),
        ),
        ([a, b]) => {
          // Fingerprints were stored as this text before migration 0012, which converts them: a malformed one is none.
          const x = hashFromHex(a);
          const y = hashFromHex(b);
          expect(x !== null && y !== null && nearIdentical(x, y)).toBe(referenceNearIdentical(a, b));
          if (x && y) expect(nearIdentical(x, y.subarray(1))).toBe(false);
        },
      ),
      { numRuns: 400, seed: 20261124 },
    );
  });
});
