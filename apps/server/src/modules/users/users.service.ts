// The Users screen's rules: list and search staff accounts, change an email or a role, delete (never yourself,
// never the last user, never the last owner). Removing or demoting an owner ends their sessions and withdraws the
// invitations they sent.
import type { Page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { USER_MSG, type MeDto, type UpdateUserBody, type UserDto } from '@topup/contract/users';
import { getSecuritySettings } from '../shop-settings/shop-settings.service.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { announceSessionsEnded, revokeAllSessions } from '../auth/auth.service.ts';
import { withdrawInvitationsSentBy } from '../invitations/invitations.service.ts';
import * as repo from './users.repository.ts';

type UserRow = { id: string; email: string; email_confirmed: number; role: string; totp_enabled_at: string | null };

export const toUserDto = (row: UserRow): UserDto => ({
  id: row.id,
  email: row.email,
  emailConfirmed: row.email_confirmed === 1,
  role: row.role === 'owner' ? 'owner' : 'staff',
  twoFactorEnabled: row.totp_enabled_at !== null,
});

export async function listUsers(ctx: AppContext, searchTerm: string, currentPage: number, pageSize: number): Promise<Page<UserDto>> {
  const [rows, total] = await Promise.all([
    repo.listUsers(ctx.db, searchTerm, offsetOf(currentPage, pageSize), pageSize),
    repo.countUsers(ctx.db, searchTerm),
  ]);
  return toPage(rows.map(toUserDto), currentPage, pageSize, total);
}

export async function getMe(ctx: AppContext, id: string): Promise<MeDto> {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw AppError.notFound('User');
  const user = toUserDto(row);
  const { requireTwoFactor } = await getSecuritySettings(ctx);
  return { ...user, mustEnableTwoFactor: requireTwoFactor && !user.twoFactorEnabled };
}

/** A new address has not been confirmed by anyone, so changing it clears `emailConfirmed`. The last owner stays one. */
export async function updateUser(ctx: AppContext, id: string, body: UpdateUserBody): Promise<UserDto> {
  const existing = await repo.findUser(ctx.db, id);
  if (!existing) throw AppError.notFound('User');
  const emailChanges = existing.email === body.email ? {} : { email: body.email, email_confirmed: 0 };
  const roleChanges = body.role && body.role !== existing.role ? { role: body.role } : {};
  if (!Object.keys(emailChanges).length && !Object.keys(roleChanges).length) return toUserDto(existing);
  const changes = { ...emailChanges, ...roleChanges, updated_at: nowIso() };
  const demoted = existing.role === 'owner' && roleChanges.role === 'staff';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (demoted) {
        const owners = (await repo.lockAllUsers(trx, ctx.dialect)).filter((u) => u.role === 'owner');
        if (owners.length <= 1 && owners.some((o) => o.id === id))
          throw AppError.conflict(USER_MSG.lastOwner, { role: [USER_MSG.lastOwner] });
        // A demoted owner signs in again as staff, and the links they mailed as an owner stop working.
        await revokeAllSessions(trx, id);
        await withdrawInvitationsSentBy(trx, id);
      }
      await repo.updateUser(trx, id, changes);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken, { email: [MSG.emailTaken] });
    throw err;
  }
  if (demoted) announceSessionsEnded(ctx, id);
  return toUserDto({ ...existing, ...changes });
}

/**
 * Deleting a user ends its sessions with it (they cascade), so its tokens stop working at once, and withdraws the
 * invitations it sent that nobody has used yet (their `invited_by` would otherwise just be cleared, the link alive).
 */
export async function deleteUser(ctx: AppContext, admin: Pick<Admin, 'id'>, id: string): Promise<{ id: string }> {
  if (id === admin.id) throw AppError.badRequest(MSG.cannotDeleteSelf);
  await ctx.db.transaction().execute(async (trx) => {
    const users = await repo.lockAllUsers(trx, ctx.dialect);
    const target = users.find((u) => u.id === id);
    if (!target) throw AppError.notFound('User');
    if (users.length <= 1) throw AppError.conflict(MSG.cannotDeleteLastUser);
    if (target.role === 'owner' && users.filter((u) => u.role === 'owner').length <= 1) throw AppError.conflict(USER_MSG.lastOwner);
    await withdrawInvitationsSentBy(trx, id);
    await repo.deleteUser(trx, id);
  });
  announceSessionsEnded(ctx, id);
  return { id };
}
