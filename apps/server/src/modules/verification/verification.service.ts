// The check of one order's screenshot, run as a job off the request path: re-encode it (metadata stripped), take its
// fingerprint, read its text, compare with the order, find reuse, store the verdict and announce it. Idempotent: a
// check that is not queued is not run again, and each step can be repeated after a crash without harm.
import type { FastifyBaseLogger } from 'fastify';
import type { DuplicateLink, FieldCheck, OrderVerification, OrderVerdict } from '@topup/contract/verification';
import type { Db, Dialect } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { cleanImage } from '../../storage/images.ts';
import type { ImageWork } from '../../storage/image-work.ts';
import { compareReceipt, verdictOf } from './compare.ts';
import { imageHash } from './image-hash.ts';
import { readReceipt } from './receipt-text.ts';
import { finishSamePicture, REUSE_WINDOW_MS, scanSamePicture, type PictureQuery } from './reuse.ts';
import type { TextReader } from './text-reader.ts';
import * as repo from './verification.repository.ts';
import { record } from '../order-timeline/order-timeline.service.ts';

/** Whose turn it is in the image-work queue: every sharp job of the checks (re-encoding, fingerprint, OCR pre-processing). */
export const CHECK_SOURCE = 'screenshot-check';

export type CheckSettings = {
  /** A receipt older than this before its order does not match (RECEIPT_MAX_AGE_HOURS, default 24 h). */
  receiptWindowMs: number;
  /** Attempts before an order is marked "could not be checked". */
  maxAttempts: number;
  /** First retry delay; doubled on every further attempt. */
  retryBaseMs: number;
};

export type CheckDeps = {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  /** The image-work limiter (storage/image-work.ts): re-encoding waits its turn with every other sharp job. */
  imageWork: ImageWork;
  reader: TextReader;
  settings: CheckSettings;
  /** Tells staff (through the hub) that an order's verdict changed. */
  announce(event: { orderId: string; verdict: OrderVerdict | null; isDuplicate: boolean }): void;
  log: FastifyBaseLogger;
};

/** A failure that retrying can't fix (the file can't be decoded, or is gone): the check gives up at once. */
export class PermanentCheckError extends Error {}

/** One attempt. Never throws for a failure it has recorded as final; throws to ask for a retry. */
export async function attemptCheck(deps: CheckDeps, orderId: string): Promise<void> {
  try {
    await runCheck(deps, orderId);
  } catch (err) {
    const check = await repo.findCheck(deps.db, orderId);
    if (!check || check.state !== 'queued') return;
    const attempts = check.attempts + 1;
    const permanent = err instanceof PermanentCheckError;
    const message = permanent ? (err as Error).message : 'The check failed repeatedly.';
    if (permanent || attempts >= deps.settings.maxAttempts) {
      deps.log.warn({ err, orderId, attempts }, 'screenshot check gave up');
      await deps.db.transaction().execute(async (trx) => {
        await repo.updateCheck(trx, orderId, { state: 'failed', attempts, lease_until: null, error: message, checked_at: nowIso() });
        await repo.setVerdict(trx, orderId, 'failed');
        const order = await repo.findOrderForCheck(trx, orderId);
        if (order) await record(trx, { orderId, actor: null, type: 'CHECKED', data: { verdict: 'failed', isDuplicate: order.is_duplicate === 1 } });
      });
      const order = await repo.findOrderForCheck(deps.db, orderId);
      if (order) deps.announce({ orderId, verdict: 'failed', isDuplicate: order.is_duplicate === 1 });
      return;
    }
    const delay = deps.settings.retryBaseMs * 2 ** (attempts - 1);
    deps.log.info({ err, orderId, attempts, retryInMs: delay }, 'screenshot check failed; will retry');
    await repo.updateCheck(deps.db, orderId, { attempts, lease_until: null, next_attempt_at: new Date(Date.now() + delay).toISOString() });
    throw err;
  }
}

async function readStored(storage: FileStorage, name: string): Promise<Buffer> {
  const data = await storage.read('private', name);
  if (!data) throw new PermanentCheckError('The screenshot file is missing.');
  return data;
}

export async function runCheck(deps: CheckDeps, orderId: string): Promise<void> {
  const { db, storage } = deps;
  const check = await repo.findCheck(db, orderId);
  let order = await repo.findOrderForCheck(db, orderId);
  if (!order || !check || check.state !== 'queued') return;

  // 1. Re-encode once (a still PNG of the first frame, storage/images.ts). Same format: in place under the same name,
  // so URLs staff hold keep working; another format: a new file the order is switched to, then the upload goes.
  if (check.cleaned !== 1) {
    const raw = await readStored(storage, order.screenshot);
    let clean;
    try {
      clean = await cleanImage('screenshot', raw, { mode: 'still', work: deps.imageWork, source: CHECK_SOURCE });
    } catch (err) {
      // A 400 is the image itself; a 503 (the image queue is full) is worth a retry.
      if (err instanceof AppError && err.statusCode === 400) throw new PermanentCheckError('The screenshot is not an image that can be decoded.');
      throw err;
    }
    if (order.screenshot.endsWith(`.${clean.ext}`)) {
      await storage.overwrite('private', order.screenshot, clean.data);
      // An admin may have replaced the screenshot meanwhile and removed this file: don't leave it behind.
      const current = await repo.findOrderForCheck(db, orderId);
      if (!current || current.screenshot !== order.screenshot) await storage.remove('private', order.screenshot);
    } else {
      const cleanName = await storage.save('private', clean.data, clean.ext);
      if (await repo.swapScreenshot(db, orderId, order.screenshot, cleanName)) await storage.remove('private', order.screenshot);
      else await storage.remove('private', cleanName);
    }
    await repo.updateCheck(db, orderId, { cleaned: 1 });
    order = await repo.findOrderForCheck(db, orderId);
    if (!order) return;
  }

  // 2. Fingerprint and text.
  const image = await readStored(storage, order.screenshot);
  const hash = await deps.imageWork.run(CHECK_SOURCE, () => imageHash(image));
  const text = await deps.reader.read(image);
  const reading = readReceipt(text);
  const accounts = (await repo.listPaymentAccounts(db)).map((a) => ({ paymentName: a.payment_name, phone: a.phone }));
  const fields = compareReceipt(reading, { subTotal: order.sub_total, transactionNumber: order.transaction_number, createdAt: order.created_at }, accounts, {
    windowMs: deps.settings.receiptWindowMs,
  });
  const verdict = verdictOf(fields);

  // 3. Reuse, then everything in one transaction (the check is finished only if all of it is stored), one check at a
  // time: two copies checked at once must each see the other's stored fingerprint. The month's fingerprints are
  // compared before the lock; under it only those stored since (reuse.ts).
  const since = new Date(Date.parse(order.created_at) - REUSE_WINDOW_MS).toISOString();
  const picture: PictureQuery = { orderId, since, hash, receiptTxnId: reading.transactionId };
  const scan = await scanSamePicture(db, picture);
  const now = nowIso();
  const current = order;
  const linked = await db.transaction().execute(async (trx) => {
    await repo.lockReuseSearch(trx, deps.dialect);
    const still = await repo.findCheck(trx, orderId);
    if (!still || still.state !== 'queued') return null;
    const others = new Map<string, 'transaction' | 'image'>();
    for (const id of await repo.findSameTransaction(trx, orderId, current.transaction_number, current.payment_method, since)) others.set(id, 'transaction');
    if (reading.transactionId) {
      for (const id of await repo.findSameReceiptTransaction(trx, orderId, reading.transactionId, current.payment_method, since)) others.set(id, 'transaction');
    }
    const links: Array<[string, 'transaction' | 'image']> = [...others];
    for (const id of await finishSamePicture(trx, picture, scan)) links.push([id, 'image']);
    for (const [other, reason] of links) await repo.linkDuplicates(trx, orderId, other, reason, now);
    await repo.updateCheck(trx, orderId, {
      state: 'done',
      lease_until: null,
      error: null,
      image_hash: hash,
      // Numbered under the lock, so in commit order: a search scanning meanwhile looks at it under the lock.
      hash_seq: await repo.nextHashSeq(trx),
      receipt_txn_id: reading.transactionId,
      fields: JSON.stringify(fields),
      checked_at: now,
    });
    await repo.setVerdict(trx, orderId, verdict);
    const isDuplicate = links.length > 0 || current.is_duplicate === 1;
    await record(trx, { orderId, actor: null, type: 'CHECKED', data: { verdict, isDuplicate } });
    // The linked orders as they now stand, read here so that they are announced together with this one.
    const linkedNow: Array<{ orderId: string; verdict: OrderVerdict | null }> = [];
    for (const id of new Set(links.map(([id]) => id))) {
      const other = await repo.findOrderForCheck(trx, id);
      if (other) linkedNow.push({ orderId: id, verdict: (other.verdict as OrderVerdict | null) ?? null });
    }
    return linkedNow;
  });
  if (linked === null) return;
  // Announced at once after the commit, with no query in between: whoever sees the check done (a poll, another
  // instance) gets every announcement of it too. A read after the commit left a window where the linked orders'
  // news came later (the PostgreSQL test "flags a resized, re-saved copy" failed through it now and then).
  deps.announce({ orderId, verdict, isDuplicate: linked.length > 0 || current.is_duplicate === 1 });
  for (const other of linked) deps.announce({ ...other, isDuplicate: true });
}

/** What staff see about one order's check. */
export async function getVerification(db: Db, orderId: string): Promise<OrderVerification> {
  const row = await repo.findVerificationOf(db, orderId);
  if (!row) throw AppError.notFound('Order');
  const duplicates = await repo.listDuplicates(db, orderId);
  return {
    orderId,
    verdict: (row.verdict as OrderVerdict | null) ?? null,
    isDuplicate: row.is_duplicate === 1,
    state: row.state ?? null,
    attempts: row.attempts ?? 0,
    checkedAt: row.checked_at ?? null,
    fields: row.fields ? (JSON.parse(row.fields) as FieldCheck[]) : [],
    duplicates: duplicates.map(
      (d): DuplicateLink => ({ orderId: d.other_order_id, reason: d.reason, transactionNumber: d.transaction_number, createdAt: d.created_at }),
    ),
    error: row.error ?? null,
  };
}
