// What a staff member manages through the API: their devices and preferences; owners: the late-order share.
import { randomUUID } from 'node:crypto';
import { MSG } from '@topup/contract/messages';
import {
  DEFAULT_LATE_AT_PERCENT,
  PUSH_LIMITS,
  type AlertPreferencesBody,
  type AlertPreferencesDto,
  type PushDeviceDto,
  type PushSubscriptionBody,
  type ShopAlertSettingsDto,
} from '@topup/contract/staff-alerts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './staff-alerts.repository.ts';
import { preferencesFrom } from './staff-alerts.service.ts';

function toDeviceDto(d: repo.Device): PushDeviceDto {
  return { id: d.id, label: d.label, service: new URL(d.endpoint).hostname, createdAt: d.created_at, lastSentAt: d.last_sent_at };
}

export async function subscribe(ctx: AppContext, userId: string, body: PushSubscriptionBody): Promise<PushDeviceDto> {
  if (ctx.staffAlerts.refuseEndpoint(body.endpoint)) throw AppError.field('endpoint', MSG.pushEndpointInvalid);
  const existing = await repo.findDeviceByEndpoint(ctx.db, body.endpoint);
  if (existing?.user_id !== userId && (await repo.countDevices(ctx.db, userId)) >= PUSH_LIMITS.devicesPerPerson) {
    throw AppError.field('endpoint', MSG.pushTooManyDevices(PUSH_LIMITS.devicesPerPerson));
  }
  const saved = await repo.saveDevice(ctx.db, {
    id: randomUUID(),
    user_id: userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label || new URL(body.endpoint).hostname,
    created_at: existing?.created_at ?? nowIso(),
    last_sent_at: existing?.last_sent_at ?? null,
  });
  return toDeviceDto(saved);
}

export async function unsubscribe(ctx: AppContext, userId: string, by: { endpoint: string }): Promise<void> {
  await repo.deleteDevice(ctx.db, userId, by);
}

export async function removeDevice(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteDevice(ctx.db, userId, { id }))) throw new AppError(404, MSG.pushDeviceNotFound);
}

export async function devices(ctx: AppContext, userId: string): Promise<PushDeviceDto[]> {
  return (await repo.listDevices(ctx.db, userId)).map(toDeviceDto);
}

export async function preferences(ctx: AppContext, userId: string): Promise<AlertPreferencesDto> {
  const row = await repo.findPreferences(ctx.db, userId);
  return preferencesFrom(
    row && {
      newOrder: row.new_order,
      lateOrder: row.late_order,
      checkProblem: row.check_problem,
      unmatchedPayment: row.unmatched_payment,
      quietStart: row.quiet_start,
      quietEnd: row.quiet_end,
    },
  );
}

export async function savePreferences(ctx: AppContext, userId: string, body: AlertPreferencesBody): Promise<AlertPreferencesDto> {
  // A client that does not know the payment switch yet leaves it as it was.
  const unmatchedPayment = body.unmatchedPayment ?? (await preferences(ctx, userId)).unmatchedPayment;
  await repo.savePreferences(ctx.db, {
    user_id: userId,
    new_order: body.newOrder ? 1 : 0,
    late_order: body.lateOrder ? 1 : 0,
    check_problem: body.checkProblem ? 1 : 0,
    unmatched_payment: unmatchedPayment ? 1 : 0,
    quiet_start: body.quietHours?.start ?? null,
    quiet_end: body.quietHours?.end ?? null,
    updated_at: nowIso(),
  });
  return preferences(ctx, userId);
}

export async function shopAlertSettings(ctx: AppContext): Promise<ShopAlertSettingsDto> {
  return { lateAtPercent: (await repo.findLateAtPercent(ctx.db)) ?? DEFAULT_LATE_AT_PERCENT };
}

export async function saveShopAlertSettings(ctx: AppContext, body: ShopAlertSettingsDto): Promise<ShopAlertSettingsDto> {
  await repo.saveLateAtPercent(ctx.db, body.lateAtPercent, nowIso());
  return shopAlertSettings(ctx);
}
