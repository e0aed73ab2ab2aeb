// The challenge between login's two steps: created when the password was right for a user with two-factor on, ended
// when the password changes. Apart from two-factor.service.ts, which imports the sign-in service: login imports this.
import { randomUUID } from 'node:crypto';
import type { TwoFactorChallenge } from '@topup/contract/two-factor';
import type { Db } from '../../db/database.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import * as repo from './two-factor.repository.ts';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Login's first step for a user with two-factor on: the password was right; a code must follow within 5 minutes. */
export async function createChallenge(db: Db, userId: string): Promise<TwoFactorChallenge> {
  const token = newOpaqueToken();
  const now = nowIso();
  await repo.deleteSpentChallenges(db, userId, now);
  await repo.insertChallenge(db, {
    id: randomUUID(),
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: isoAfter(CHALLENGE_TTL_MS),
  });
  return { twoFactorRequired: true, challengeToken: token, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
}

/**
 * Ends the user's pending challenges inside the caller's transaction. A password reset or change calls it: whoever
 * got a challenge with the old password (an attacker guessing codes) must start again, and can't.
 */
export async function endChallenges(db: Db, userId: string): Promise<void> {
  await repo.deleteChallenges(db, userId);
}
