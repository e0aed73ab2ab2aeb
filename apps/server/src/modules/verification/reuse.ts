// Reuse of a screenshot: another order of the last 30 days whose screenshot is the same picture (re-saved, resized,
// re-compressed), found by comparing perceptual fingerprints (image-hash.ts). Runs inside the check's locked
// transaction (verification.service.ts), so it must stay cheap however old the shop is.
import type { Db } from '../../db/database.ts';
import { samePictureAs } from './image-hash.ts';
import * as repo from './verification.repository.ts';

/** Reuse is looked for among orders of the last 30 days. */
export const REUSE_WINDOW_MS = 30 * 24 * 3600_000;

export type PictureQuery = {
  orderId: string;
  /** The start of the window: orders placed at or after it. */
  since: string;
  /** This screenshot's fingerprint. */
  hash: string;
  /** The transaction id read from this receipt, or null when it could not be read. */
  receiptTxnId: string | null;
};

/** Other orders whose screenshot is the same picture, newest first, at most MAX_LINKS_PER_KIND. */
export async function findSamePicture(db: Db, q: PictureQuery): Promise<string[]> {
  const same = samePictureAs(q.hash);
  const matches: string[] = [];
  // Two receipts of one wallet look alike at thumbnail size; different transaction ids, once read, settle it: the
  // query leaves those out.
  for (const other of await repo.listImageHashes(db, q.orderId, q.since, q.receiptTxnId)) {
    if (matches.length >= repo.MAX_LINKS_PER_KIND) break;
    if (same(other.image_hash!)) matches.push(other.id);
  }
  return matches;
}
