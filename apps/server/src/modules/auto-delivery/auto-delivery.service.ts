// Owners' guardrails of automatic completion: read, save, and the one pause switch.
import type { AutoDeliverySettingsBody, AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { zonedDate } from '../../lib/time-zone.ts';
import type { Admin } from '../auth/admin.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './auto-delivery.repository.ts';

async function toDto(ctx: AppContext): Promise<AutoDeliverySettingsDto> {
  await repo.ensureSettings(ctx.db);
  const s = await repo.settings(ctx.db, ctx.dialect);
  const { timeZone } = await getShopSettings(ctx);
  return {
    paused: s.paused === 1,
    maxOrderAmount: s.max_order_amount,
    maxPerPhonePerDay: s.max_per_phone_per_day,
    maxPerDay: s.max_per_day,
    completedToday: await repo.countDay(ctx.db, zonedDate(Date.now(), timeZone)),
    updatedAt: s.updated_at,
    updatedBy: s.updated_by,
  };
}

export const getSettings = (ctx: AppContext) => toDto(ctx);

export async function saveSettings(ctx: AppContext, admin: Admin, body: AutoDeliverySettingsBody): Promise<AutoDeliverySettingsDto> {
  await repo.ensureSettings(ctx.db);
  await repo.saveSettings(ctx.db, {
    paused: body.paused ? 1 : 0,
    max_order_amount: body.maxOrderAmount,
    max_per_phone_per_day: body.maxPerPhonePerDay,
    max_per_day: body.maxPerDay,
    updated_at: nowIso(),
    updated_by: admin.email,
  });
  return toDto(ctx);
}

export async function setPaused(ctx: AppContext, admin: Admin, paused: boolean): Promise<AutoDeliverySettingsDto> {
  await repo.ensureSettings(ctx.db);
  await repo.saveSettings(ctx.db, { paused: paused ? 1 : 0, updated_at: nowIso(), updated_by: admin.email });
  return toDto(ctx);
}
