// The private tokens of buyers' status pages: random, stored only as SHA-256. Apart from the tracking service, which
// reads orders: placing an order issues one, and needs nothing else from here.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './order-tracking.repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new private token for an order's status page; only its hash is kept. */
export async function issueToken(ctx: AppContext, orderId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await repo.insertToken(ctx.db, hashToken(token), orderId, nowIso());
  return token;
}
