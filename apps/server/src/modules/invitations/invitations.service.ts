// Invitations: an owner invites by email with a role; the mailed link works once, for 48 hours, and lets the invitee
// choose their own password (nobody else ever knows it). A new invitation to the same address replaces older ones.
import { randomUUID } from 'node:crypto';
import {
  INVITATION_MSG,
  INVITATION_TTL_HOURS,
  type AcceptInvitationBody,
  type InvitationDto,
  type InvitationPreviewDto,
} from '@topup/contract/invitations';
import type { z } from 'zod';
import type { CreateInvitationBody } from '@topup/contract/invitations';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { invitationMail } from './invitation-mail.ts';
import * as repo from './invitations.repository.ts';

export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

type CreateInvitation = z.output<typeof CreateInvitationBody>;

const toDto = (row: { id: string; email: string; role: string; created_at: string; expires_at: string }): InvitationDto => ({
  id: row.id,
  email: row.email,
  role: row.role === 'owner' ? 'owner' : 'staff',
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export async function listInvitations(ctx: AppContext): Promise<InvitationDto[]> {
  return (await repo.listOpenInvitations(ctx.db, nowIso())).map(toDto);
}

/** Stores the invitation and mails the link; if the mail can't be sent, nothing is kept and the owner is told. */
export async function invite(ctx: AppContext, admin: Admin, body: CreateInvitation): Promise<InvitationDto> {
  if (await repo.findUserIdByEmail(ctx.db, body.email))
    throw AppError.conflict(INVITATION_MSG.userExists, { email: [INVITATION_MSG.userExists] });
  const token = newOpaqueToken();
  // One clock reading for both ends, so the link lives exactly 48 h.
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const row = {
    id: randomUUID(),
    email: body.email,
    role: body.role,
    language: body.language,
    token_hash: hashToken(token),
    invited_by: admin.id,
    created_at: now,
    expires_at: new Date(nowMs + INVITATION_TTL_MS).toISOString(),
    used_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.expireOpenInvitations(trx, body.email, now);
    await repo.insertInvitation(trx, row);
  });
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  const link = `${base}/accept-invitation?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(invitationMail(body.email, await getShopSettings(ctx), body.role, link, INVITATION_TTL_HOURS, body.language));
  } catch (err) {
    await repo.deleteInvitation(ctx.db, row.id);
    throw Object.assign(new AppError(502, INVITATION_MSG.mailFailed), { cause: err });
  }
  return toDto(row);
}

export async function revokeInvitation(ctx: AppContext, id: string): Promise<{ id: string }> {
  if (!(await repo.deleteInvitation(ctx.db, id))) throw AppError.notFound('Invitation');
  return { id };
}

/**
 * Withdraws every invitation `userId` sent that is still unused, inside the caller's transaction: an owner who is
 * removed or demoted keeps no way back in through a link they mailed (an owner-role one above all).
 */
export async function withdrawInvitationsSentBy(db: Db, userId: string): Promise<void> {
  await repo.deletePendingSentBy(db, userId);
}

async function openInvitation(ctx: AppContext, token: string) {
  const invitation = await repo.findInvitation(ctx.db, hashToken(token));
  if (!invitation || invitation.used_at || invitation.expires_at <= nowIso()) throw AppError.field('token', INVITATION_MSG.invalid);
  return invitation;
}

export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreviewDto> {
  const invitation = await openInvitation(ctx, token);
  const { shopName } = await getShopSettings(ctx);
  return { email: invitation.email, role: invitation.role === 'owner' ? 'owner' : 'staff', shopName, expiresAt: invitation.expires_at };
}

/** Creates the account with the invitee's own password; the link is spent in the same transaction. */
export async function acceptInvitation(ctx: AppContext, body: AcceptInvitationBody): Promise<{ email: string }> {
  const invitation = await openInvitation(ctx, body.token);
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.claimInvitation(trx, invitation.id, now))) throw AppError.field('token', INVITATION_MSG.invalid);
      await repo.insertUser(trx, {
        id: randomUUID(),
        email: invitation.email,
        password_hash: passwordHash,
        // The mail reached them: the address is confirmed.
        email_confirmed: 1,
        role: invitation.role,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field('token', INVITATION_MSG.userExists);
    throw err;
  }
  return { email: invitation.email };
}
