// The check of one order's screenshot, run as a job off the request path: re-encode it (metadata stripped), take its
// fingerprint, read its text, compare with the order, find reuse, store the verdict and announce it. Idempotent: a
// check that is not queued is not run again, and each step can be repeated after a crash without harm.
import type { FastifyBaseLogger } from 'fastify';
import { checkIsLate, type DuplicateLink, type FieldCheck, type OrderVerification, type OrderVerdict } from '@topup/contract/verification';
import type { Db, Dialect } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { compareReceipt, messageFor, verdictOf } from './compare.ts';
import { ImageRefused, SandboxFailure, type ImageSandbox } from './image-sandbox.ts';
import { readReceipt } from './receipt-text.ts';
import { finishSamePicture, REUSE_WINDOW_MS, scanSamePicture, type PictureQuery } from './reuse.ts';
import * as repo from './verification.repository.ts';
import { record } from '../orders/timeline-record.ts';

export type CheckSettings = {
  /** A receipt older than this before its order does not match (RECEIPT_MAX_AGE_HOURS, default 24 h). */
  receiptWindowMs: number;
  /**
   * Attempts before an order is marked "could not be checked". An attempt counts when it is claimed, so a check
   * whose work ends its process (or the server) still uses them up.
   */
  maxAttempts: number;
  /** First retry delay; doubled on every further attempt. */
  retryBaseMs: number;
};

/** The image work of a check, each step in a process that is killed when it overruns (image-sandbox.ts). */
export type CheckImageWork = Pick<ImageSandbox, 'budget' | 'clean' | 'fingerprint' | 'read'>;

export type CheckDeps = {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  images: CheckImageWork;
  settings: CheckSettings;
  /** Tells staff (through the hub) that an order's verdict changed. */
  announce(event: { orderId: string; verdict: OrderVerdict | null; isDuplicate: boolean }): void;
  log: FastifyBaseLogger;
};

/** A failure that retrying can't fix (the file can't be decoded, or is gone): the check gives up at once. */
export class PermanentCheckError extends Error {}

/** What staff read when every attempt was used up without a verdict. */
export const GAVE_UP = 'The check failed repeatedly.';

/**
 * One claimed attempt (the claim counted it in `attempts`: repo.claimDue, repo.claimOne). Never throws for a failure
 * it has recorded as final; throws to ask for a retry. A claim past the last attempt (every one of them ended
 * without an answer: the process running it died, or its lease ran out) gives up without running.
 */
export async function attemptCheck(deps: CheckDeps, orderId: string): Promise<void> {
  const check = await repo.findCheck(deps.db, orderId);
  if (!check || check.state !== 'queued') return;
  const attempt = check.attempts;
  if (attempt > deps.settings.maxAttempts) {
    await giveUp(deps, orderId, attempt, deps.settings.maxAttempts, check.error ?? GAVE_UP);
    return;
  }
  try {
    await runCheck(deps, orderId, attempt);
  } catch (err) {
    const permanent = err instanceof PermanentCheckError || err instanceof ImageRefused;
    if (permanent || attempt >= deps.settings.maxAttempts) {
      deps.log.warn({ err, orderId, attempt }, 'screenshot check gave up');
      const why = permanent ? (err as Error).message : err instanceof SandboxFailure ? `${GAVE_UP} ${err.message}` : GAVE_UP;
      await giveUp(deps, orderId, attempt, attempt, why);
      return;
    }
    const delay = deps.settings.retryBaseMs * 2 ** (attempt - 1);
    deps.log.info({ err, orderId, attempt, retryInMs: delay }, 'screenshot check failed; will retry');
    // Only while the attempt is still ours: a lease that ran out meanwhile may have let another attempt take it.
    await repo.updateCheckIf(deps.db, orderId, attempt, { lease_until: null, next_attempt_at: new Date(Date.now() + delay).toISOString() });
    throw err;
  }
}

/** The check ends `failed` ("could not be checked"), once, if attempt `claimed` is still the current one. */
async function giveUp(deps: CheckDeps, orderId: string, claimed: number, attempts: number, message: string): Promise<void> {
  const gaveUp = await deps.db.transaction().execute(async (trx) => {
    const updated = await repo.updateCheckIf(trx, orderId, claimed, {
      state: 'failed',
      attempts,
      lease_until: null,
      error: message,
      checked_at: nowIso(),
    });
    if (!updated) return false;
    await repo.setVerdict(trx, orderId, 'failed');
    const order = await repo.findOrderForCheck(trx, orderId);
    if (order)
      await record(trx, { orderId, actor: null, type: 'CHECKED', data: { verdict: 'failed', isDuplicate: order.is_duplicate === 1 } });
    return true;
  });
  if (!gaveUp) return;
  const order = await repo.findOrderForCheck(deps.db, orderId);
  if (order) deps.announce({ orderId, verdict: 'failed', isDuplicate: order.is_duplicate === 1 });
}

async function readStored(storage: FileStorage, name: string): Promise<Buffer> {
  const data = await storage.read('private', name);
  if (!data) throw new PermanentCheckError('The screenshot file is missing.');
  return data;
}

/** Runs attempt `attempt` of the order's check; its results are stored only while that attempt is still the current one. */
export async function runCheck(deps: CheckDeps, orderId: string, attempt: number): Promise<void> {
  const { db, storage } = deps;
  const check = await repo.findCheck(db, orderId);
  let order = await repo.findOrderForCheck(db, orderId);
  if (!order || !check || check.state !== 'queued' || check.attempts !== attempt) return;
  // Every image step of this attempt draws on one budget of CPU time and wall-clock time (within the lease).
  const budget = deps.images.budget();

  // 1. Re-encode once (a still PNG of the first frame, storage/images.ts). Same format: in place under the same name,
  // so URLs staff hold keep working; another format: a new file the order is switched to, then the upload goes.
  if (check.cleaned !== 1) {
    const raw = await readStored(storage, order.screenshot);
    const clean = await deps.images.clean(raw, budget);
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
  const hash = await deps.images.fingerprint(image, budget);
  const text = await deps.images.read(image, budget);
  // Of an SMS thread, the message the order is judged on: its id is the one other orders are linked by.
  const reading = messageFor(readReceipt(text), order.transaction_number);
  // The accounts of the order's payment method (a phone-bill order pays a phone-bill account); all of them for an
  // order whose method no account has.
  const allAccounts = await repo.listPaymentAccounts(db);
  const ofMethod = allAccounts.filter((a) => a.payment_method === order.payment_method);
  const accounts = (ofMethod.length ? ofMethod : allAccounts).map((a) => ({
    paymentName: a.payment_name,
    phone: a.phone,
    holderName: a.holder_name,
  }));
  const fields = compareReceipt(
    reading,
    { subTotal: order.sub_total, transactionNumber: order.transaction_number, createdAt: order.created_at },
    accounts,
    {
      windowMs: deps.settings.receiptWindowMs,
    },
  );
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
    if (!still || still.state !== 'queued' || still.attempts !== attempt) return null;
    const others = new Map<string, 'transaction' | 'image'>();
    for (const id of await repo.findSameTransaction(trx, orderId, current.transaction_number, current.payment_method, since))
      others.set(id, 'transaction');
    if (reading.transactionId) {
      for (const id of await repo.findSameReceiptTransaction(trx, orderId, reading.transactionId, current.payment_method, since))
        others.set(id, 'transaction');
    }
    // One link per pair of orders: the same picture is named first, as the stronger finding, when both hold (a
    // re-saved copy whose receipt reads the same transaction id as well).
    const links: Array<[string, 'transaction' | 'image']> = (await finishSamePicture(trx, picture, scan)).map((id) => [id, 'image']);
    for (const [id, reason] of others) if (!links.some(([linked]) => linked === id)) links.push([id, reason]);
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
  const verdict = (row.verdict as OrderVerdict | null) ?? null;
  return {
    orderId,
    verdict,
    isDuplicate: row.is_duplicate === 1,
    state: row.state ?? null,
    late: checkIsLate(verdict, row.created_at, Date.now()),
    placedAt: row.created_at,
    attempts: row.attempts ?? 0,
    checkedAt: row.checked_at ?? null,
    fields: row.fields && row.state !== 'queued' ? (JSON.parse(row.fields) as FieldCheck[]) : [],
    duplicates: duplicates.map((d): DuplicateLink => ({
      orderId: d.other_order_id,
      reason: d.reason,
      transactionNumber: d.transaction_number,
      createdAt: d.created_at,
    })),
    error: row.error ?? null,
  };
}
