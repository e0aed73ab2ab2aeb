// Payment accounts: at most four, each with an optional logo, each on or off. Buyers see the active ones only, and
// while any game is on sale at least one stays active, so a buyer always has somewhere to pay.
import { randomUUID } from 'node:crypto';
import { PAYMENT_ACCOUNT_MSG, type PaymentAccountDto, type PaymentAccountForm } from '@topup/contract/payment-accounts';
import type { Page } from '@topup/contract/envelope';
import { DEFAULT_PAYMENT_METHOD, MAX_PAYMENT_ACCOUNTS, PAYMENT_METHODS, type PaymentMethod } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ConfigSettingsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './payment-accounts.repository.ts';

export const LOGO_FIELD = 'file_Logo';

export function toPaymentAccountDto(ctx: AppContext, row: ConfigSettingsTable): PaymentAccountDto {
  return {
    id: row.id,
    paymentName: row.payment_name,
    phone: row.phone,
    orderIndex: row.order_index,
    logo: ctx.media.publicUrl(row.logo),
    isActive: row.is_active === 1,
    holderName: row.holder_name ?? null,
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(row.payment_method)
      ? (row.payment_method as PaymentMethod)
      : DEFAULT_PAYMENT_METHOD,
  };
}

/** `activeOnly` for buyers; the dashboard sees paused accounts too. */
export async function listPaymentAccounts(
  ctx: AppContext,
  currentPage: number,
  pageSize: number,
  activeOnly = true,
): Promise<Page<PaymentAccountDto>> {
  const [rows, total] = await Promise.all([
    repo.listPaymentAccounts(ctx.db, offsetOf(currentPage, pageSize), pageSize, activeOnly),
    repo.countPaymentAccounts(ctx.db, activeOnly),
  ]);
  return toPage(
    rows.map((r) => toPaymentAccountDto(ctx, r)),
    currentPage,
    pageSize,
    total,
  );
}

/** The active accounts in display order, for the game detail's `configSettingDtos` (what a buyer may pay to). */
export async function activePaymentAccounts(ctx: AppContext): Promise<PaymentAccountDto[]> {
  const rows = await repo.listPaymentAccounts(ctx.db, 0, MAX_PAYMENT_ACCOUNTS, true);
  return rows.map((r) => toPaymentAccountDto(ctx, r));
}

export async function createPaymentAccount(
  ctx: AppContext,
  form: PaymentAccountForm,
  logo: Buffer | undefined,
): Promise<PaymentAccountDto> {
  // Cheap early refusal before touching the image; the count is checked again inside the transaction.
  if ((await repo.countPaymentAccounts(ctx.db)) >= MAX_PAYMENT_ACCOUNTS) throw AppError.conflict(MSG.maxConfigSettings);
  const logoName = logo ? await ctx.media.storeImage('public', LOGO_FIELD, logo) : null;
  const row: ConfigSettingsTable = {
    id: randomUUID(),
    payment_name: form.paymentName,
    phone: form.phone,
    order_index: form.orderIndex ?? 1,
    logo: logoName,
    created_at: nowIso(),
    is_active: form.isActive === false ? 0 : 1,
    holder_name: form.holderName || null,
    payment_method: form.paymentMethod,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if ((await repo.countPaymentAccounts(trx)) >= MAX_PAYMENT_ACCOUNTS) throw AppError.conflict(MSG.maxConfigSettings);
      await repo.insertPaymentAccount(trx, row);
    });
  } catch (err) {
    await ctx.media.discard('public', [logoName]);
    throw err;
  }
  return toPaymentAccountDto(ctx, row);
}

export async function updatePaymentAccount(
  ctx: AppContext,
  id: string,
  form: PaymentAccountForm,
  logo: Buffer | undefined,
): Promise<PaymentAccountDto> {
  const existing = await repo.findPaymentAccount(ctx.db, id);
  if (!existing) throw AppError.notFound('Payment account');
  const logoName = logo ? await ctx.media.storeImage('public', LOGO_FIELD, logo) : existing.logo;
  const isActive = form.isActive === undefined ? existing.is_active : form.isActive ? 1 : 0;
  const changes = {
    payment_name: form.paymentName,
    phone: form.phone,
    order_index: form.orderIndex ?? existing.order_index,
    logo: logoName,
    is_active: isActive,
    holder_name: form.holderName || null,
    payment_method: form.paymentMethod,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (existing.is_active === 1 && isActive === 0) await refuseIfLastActive(ctx, trx, id);
      await repo.updatePaymentAccount(trx, id, changes);
    });
  } catch (err) {
    if (logo) await ctx.media.discard('public', [logoName]);
    throw err;
  }
  if (logo) await ctx.media.releasePublic(ctx.db, [existing.logo]);
  return toPaymentAccountDto(ctx, { ...existing, ...changes });
}

export async function deletePaymentAccount(ctx: AppContext, id: string): Promise<{ id: string }> {
  const existing = await repo.findPaymentAccount(ctx.db, id);
  if (!existing) throw AppError.notFound('Payment account');
  await ctx.db.transaction().execute(async (trx) => {
    if (existing.is_active === 1) await refuseIfLastActive(ctx, trx, id);
    await repo.deletePaymentAccount(trx, id);
  });
  await ctx.media.releasePublic(ctx.db, [existing.logo]);
  return { id };
}

/*
 * One rule, checked from both sides: while any game is on sale, at least one payment account is active, or buyers
 * could order and have nowhere to pay.
 */

/** Pausing or deleting `id` must leave an active account while a game is on sale (409 naming isActive, which the dashboard shows). */
async function refuseIfLastActive(ctx: AppContext, trx: Db, id: string): Promise<void> {
  const others = (await repo.lockActiveIds(trx, ctx.dialect === 'postgres', 'update')).filter((other) => other !== id);
  if (others.length === 0 && (await repo.anyGameEnabled(trx))) {
    throw AppError.conflict(PAYMENT_ACCOUNT_MSG.lastActive, { isActive: [PAYMENT_ACCOUNT_MSG.lastActive] });
  }
}

/** Putting a game on sale needs an active payment account (409 naming isDisable, which the game dialog shows). Call inside the game's transaction. */
export async function requireActivePaymentAccount(ctx: AppContext, trx: Db): Promise<void> {
  if ((await repo.lockActiveIds(trx, ctx.dialect === 'postgres', 'share')).length === 0) {
    throw AppError.conflict(PAYMENT_ACCOUNT_MSG.noneActive, { isDisable: [PAYMENT_ACCOUNT_MSG.noneActive] });
  }
}
