// Payment accounts: at most four, each with an optional logo.
import { randomUUID } from 'node:crypto';
import type { ConfigSettingDto, ConfigSettingForm } from '@topup/contract/config-settings';
import type { Page } from '@topup/contract/envelope';
import { MAX_CONFIG_SETTINGS } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import type { ConfigSettingsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './config-settings.repository.ts';

export const LOGO_FIELD = 'file_Logo';

export function toConfigSettingDto(ctx: AppContext, row: ConfigSettingsTable): ConfigSettingDto {
  return { id: row.id, paymentName: row.payment_name, phone: row.phone, orderIndex: row.order_index, logo: ctx.media.publicUrl(row.logo) };
}

export async function listConfigSettings(ctx: AppContext, currentPage: number, pageSize: number): Promise<Page<ConfigSettingDto>> {
  const [rows, total] = await Promise.all([repo.listConfigSettings(ctx.db, offsetOf(currentPage, pageSize), pageSize), repo.countConfigSettings(ctx.db)]);
  return toPage(rows.map((r) => toConfigSettingDto(ctx, r)), currentPage, pageSize, total);
}

/** All accounts in display order, for the game detail's `configSettingDtos`. */
export async function allConfigSettings(ctx: AppContext): Promise<ConfigSettingDto[]> {
  const rows = await repo.listConfigSettings(ctx.db, 0, MAX_CONFIG_SETTINGS);
  return rows.map((r) => toConfigSettingDto(ctx, r));
}

export async function createConfigSetting(ctx: AppContext, form: ConfigSettingForm, logo: Buffer | undefined): Promise<ConfigSettingDto> {
  // Cheap early refusal before touching the image; the count is checked again inside the transaction.
  if ((await repo.countConfigSettings(ctx.db)) >= MAX_CONFIG_SETTINGS) throw AppError.conflict(MSG.maxConfigSettings);
  const logoName = logo ? await ctx.media.storeImage('public', LOGO_FIELD, logo) : null;
  const row: ConfigSettingsTable = {
    id: randomUUID(),
    payment_name: form.paymentName,
    phone: form.phone,
    order_index: form.orderIndex ?? 1,
    logo: logoName,
    created_at: nowIso(),
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if ((await repo.countConfigSettings(trx)) >= MAX_CONFIG_SETTINGS) throw AppError.conflict(MSG.maxConfigSettings);
      await repo.insertConfigSetting(trx, row);
    });
  } catch (err) {
    await ctx.media.discard('public', [logoName]);
    throw err;
  }
  return toConfigSettingDto(ctx, row);
}

export async function updateConfigSetting(ctx: AppContext, id: string, form: ConfigSettingForm, logo: Buffer | undefined): Promise<ConfigSettingDto> {
  const existing = await repo.findConfigSetting(ctx.db, id);
  if (!existing) throw AppError.notFound('Payment account');
  const logoName = logo ? await ctx.media.storeImage('public', LOGO_FIELD, logo) : existing.logo;
  const changes = { payment_name: form.paymentName, phone: form.phone, order_index: form.orderIndex ?? existing.order_index, logo: logoName };
  try {
    await repo.updateConfigSetting(ctx.db, id, changes);
  } catch (err) {
    if (logo) await ctx.media.discard('public', [logoName]);
    throw err;
  }
  if (logo) await ctx.media.releasePublic(ctx.db, [existing.logo]);
  return toConfigSettingDto(ctx, { ...existing, ...changes });
}

export async function deleteConfigSetting(ctx: AppContext, id: string): Promise<{ id: string }> {
  const existing = await repo.findConfigSetting(ctx.db, id);
  if (!existing) throw AppError.notFound('Payment account');
  await repo.deleteConfigSetting(ctx.db, id);
  await ctx.media.releasePublic(ctx.db, [existing.logo]);
  return { id };
}
