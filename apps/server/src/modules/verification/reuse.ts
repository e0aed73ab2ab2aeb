// Reuse of a screenshot: another order of the last 30 days whose screenshot is the same picture (re-saved, resized,
// re-compressed), found by comparing perceptual fingerprints (image-hash.ts). Its answer must be the one a search run
// entirely inside the check's locked transaction would give (verification.service.ts: two copies checked at once find
// each other), but a check whose transaction id was unread compares with a month's fingerprints (30,000 at 1,000
// orders a day), too long to hold the lock for: on SQLite every query of the shop would wait.
// So the search has two halves (docs/decisions/0038, "Reuse search without the lock"):
// - scanSamePicture, before the lock: every fingerprint numbered up to the latest committed one, a page at a time,
//   letting the event loop run between pages;
// - finishSamePicture, under the lock: the fingerprints numbered after that (checks finished meanwhile: a few), and
//   the scan's matches kept only if their fingerprint is still the one the scan compared.
// Fingerprints are numbered under the lock (hash_seq), so in commit order: all numbered up to the latest committed one
// are committed, and one stored or replaced later has a higher number.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import { samePictureAs } from './image-hash.ts';
import * as repo from './verification.repository.ts';

/** Reuse is looked for among orders of the last 30 days. */
export const REUSE_WINDOW_MS = 30 * 24 * 3600_000;

/** Fingerprints read and compared between two turns of the event loop (1 KB each). */
export const SCAN_PAGE_ROWS = 500;

export type PictureQuery = repo.HashFilter & {
  /** This screenshot's fingerprint. */
  hash: Buffer;
};

type Match = { id: string; created_at: string };

/** What the unlocked scan found: matches newest first, among fingerprints numbered up to `upToSeq`. */
export type PictureScan = { upToSeq: number; matches: Match[] };

const newestFirst = (a: Match, b: Match) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

/** The first half, before the lock: compares with every committed fingerprint, a page at a time. */
export async function scanSamePicture(db: Db, q: PictureQuery): Promise<PictureScan> {
  const same = samePictureAs(q.hash);
  const upToSeq = await repo.latestHashSeq(db);
  const matches: Match[] = [];
  let before: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page = await repo.listHashesPage(db, q, upToSeq, before, SCAN_PAGE_ROWS);
    for (const other of page) if (same(other.image_hash!)) matches.push({ id: other.id, created_at: other.created_at });
    if (page.length < SCAN_PAGE_ROWS) break;
    const last = page[page.length - 1]!;
    before = { createdAt: last.created_at, id: last.id };
    // SQLite reads synchronously on the event loop: orders placed meanwhile get their turn between pages.
    await nextTurn();
  }
  return { upToSeq, matches };
}

/** How many of the scan's matches are confirmed at once (one query each). */
const CONFIRM_BATCH = 100;

/**
 * The second half, under the check's lock: other orders whose screenshot is the same picture, newest first, at most
 * MAX_LINKS_PER_KIND — the orders the whole search done under the lock would find.
 */
export async function finishSamePicture(trx: Db, q: PictureQuery, scan: PictureScan): Promise<string[]> {
  const same = samePictureAs(q.hash);
  const storedSince = (await repo.listHashesAfter(trx, q, scan.upToSeq))
    .filter((other) => same(other.image_hash!))
    .map((other) => other.order_id);
  const found: Match[] = await repo.ordersSince(trx, storedSince, q.since);
  // The scan's matches newest first, until as many are confirmed as can be kept: older ones could not make the cut.
  let confirmed = 0;
  for (let from = 0; from < scan.matches.length && confirmed < repo.MAX_LINKS_PER_KIND; from += CONFIRM_BATCH) {
    const batch = scan.matches.slice(from, from + CONFIRM_BATCH);
    const unchanged = new Set(
      await repo.keepUnchanged(
        trx,
        batch.map((m) => m.id),
        scan.upToSeq,
      ),
    );
    for (const m of batch) {
      if (!unchanged.has(m.id)) continue;
      found.push(m);
      confirmed++;
    }
  }
  return found
    .sort(newestFirst)
    .slice(0, repo.MAX_LINKS_PER_KIND)
    .map((m) => m.id);
}

/** Both halves at once (tests, and callers that hold no lock). */
export async function findSamePicture(db: Db, q: PictureQuery): Promise<string[]> {
  return finishSamePicture(db, q, await scanSamePicture(db, q));
}
