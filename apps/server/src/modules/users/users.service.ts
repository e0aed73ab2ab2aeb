// The Users screen's rules: list and search staff accounts, change an email, delete (never yourself, never the last one).
import type { Page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import type { UpdateUserBody, UserDto } from '@topup/contract/users';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../../plugins/auth.ts';
import * as repo from './users.repository.ts';

type UserRow = { id: string; email: string; email_confirmed: number };

const toUserDto = (row: UserRow): UserDto => ({ id: row.id, email: row.email, emailConfirmed: row.email_confirmed === 1 });

export async function listUsers(ctx: AppContext, searchTerm: string, currentPage: number, pageSize: number): Promise<Page<UserDto>> {
  const [rows, total] = await Promise.all([
    repo.listUsers(ctx.db, searchTerm, offsetOf(currentPage, pageSize), pageSize),
    repo.countUsers(ctx.db, searchTerm),
  ]);
  return toPage(rows.map(toUserDto), currentPage, pageSize, total);
}

/** A new address has not been confirmed by anyone, so changing it clears `emailConfirmed`. */
export async function updateUser(ctx: AppContext, id: string, body: UpdateUserBody): Promise<UserDto> {
  const existing = await repo.findUser(ctx.db, id);
  if (!existing) throw AppError.notFound('User');
  if (existing.email === body.email) return toUserDto(existing);
  const changes = { email: body.email, email_confirmed: 0, updated_at: nowIso() };
  try {
    await repo.updateUserEmail(ctx.db, id, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken, { email: [MSG.emailTaken] });
    throw err;
  }
  return toUserDto({ ...existing, ...changes });
}

/** Deleting a user ends its sessions with it (they cascade), so its tokens stop working at once. */
export async function deleteUser(ctx: AppContext, admin: Admin, id: string): Promise<{ id: string }> {
  if (id === admin.id) throw AppError.badRequest(MSG.cannotDeleteSelf);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await repo.lockAllUserIds(trx, ctx.dialect);
    if (!ids.includes(id)) throw AppError.notFound('User');
    if (ids.length <= 1) throw AppError.conflict(MSG.cannotDeleteLastUser);
    await repo.deleteUser(trx, id);
  });
  return { id };
}
