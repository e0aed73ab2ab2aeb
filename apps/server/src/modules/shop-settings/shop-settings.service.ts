// The shop's identity (name, logo, contacts, time zone, delivery promise) and the owner's security switch.
// Read on every storefront page, mail and status page, so it is kept in memory: a change on this instance clears it
// at once, other instances pick it up within CACHE_TTL_MS.
import type { SecuritySettingsDto, ShopSettingsDto, ShopSettingsForm } from '@topup/contract/shop-settings';
import type { AppContext } from '../../context.ts';
import type { ShopSettingsTable } from '../../db/schema.ts';
import { FIRST_RUN_SHOP_SETTINGS } from '../../db/migrations/0008-owner-controls.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError } from '../../lib/errors.ts';
import type { Admin } from '../auth/admin.ts';
import { TWO_FACTOR_MSG } from '@topup/contract/two-factor';
import * as repo from './shop-settings.repository.ts';

export const LOGO_FIELD = 'file_Logo';
const CACHE_TTL_MS = 5000;

type Cached = { row: ShopSettingsTable; expires: number };
const cache = new WeakMap<AppContext, Cached>();
/** One read in flight per app, so a burst of first visitors after a change reads the row once. */
const loading = new WeakMap<AppContext, Promise<ShopSettingsTable>>();

async function loadRow(ctx: AppContext): Promise<ShopSettingsTable> {
  const hit = cache.get(ctx);
  if (hit && hit.expires > Date.now()) return hit.row;
  let pending = loading.get(ctx);
  if (!pending) {
    pending = (async () => {
      // The migration writes the row; a database emptied by hand still answers with the first-run defaults.
      const row = (await repo.findShopSettings(ctx.db)) ?? { ...FIRST_RUN_SHOP_SETTINGS, updated_at: nowIso() };
      cache.set(ctx, { row, expires: Date.now() + CACHE_TTL_MS });
      return row;
    })().finally(() => loading.delete(ctx));
    loading.set(ctx, pending);
  }
  return pending;
}

function toDto(ctx: AppContext, row: ShopSettingsTable): ShopSettingsDto {
  return {
    shopName: row.shop_name,
    logo: ctx.media.publicUrl(row.logo),
    contactEmail: row.contact_email,
    phone: row.phone,
    telegramUrl: row.telegram_url,
    viberUrl: row.viber_url,
    facebookUrl: row.facebook_url,
    copyrightHolder: row.copyright_holder,
    timeZone: row.time_zone,
    deliveryMinutes: row.delivery_minutes,
  };
}

/** The shop's public identity, from memory when fresh. */
export async function getShopSettings(ctx: AppContext): Promise<ShopSettingsDto> {
  return toDto(ctx, await loadRow(ctx));
}

export async function getSecuritySettings(ctx: AppContext): Promise<SecuritySettingsDto> {
  return { requireTwoFactor: (await loadRow(ctx)).require_two_factor === 1 };
}

/** Forgets the cached row; the next read goes to the database. */
export function clearShopSettingsCache(ctx: AppContext): void {
  cache.delete(ctx);
}

export async function updateShopSettings(ctx: AppContext, form: ShopSettingsForm, logo: Buffer | undefined): Promise<ShopSettingsDto> {
  const before = await loadRow(ctx);
  const existing = (await repo.findShopSettings(ctx.db)) ?? before;
  const logoName = logo ? await ctx.media.storeImage('public', LOGO_FIELD, logo) : form.removeLogo ? null : existing.logo;
  const changes = {
    shop_name: form.shopName,
    logo: logoName,
    contact_email: form.contactEmail,
    phone: form.phone,
    telegram_url: form.telegramUrl,
    viber_url: form.viberUrl,
    facebook_url: form.facebookUrl,
    copyright_holder: form.copyrightHolder,
    time_zone: form.timeZone,
    delivery_minutes: form.deliveryMinutes,
    updated_at: nowIso(),
  };
  try {
    await repo.updateShopSettings(ctx.db, changes);
  } catch (err) {
    if (logo) await ctx.media.discard('public', [logoName]);
    throw err;
  } finally {
    clearShopSettingsCache(ctx);
  }
  if (existing.logo && existing.logo !== logoName) await ctx.media.releasePublic(ctx.db, [existing.logo]);
  return toDto(ctx, { ...existing, ...changes });
}

/** An owner who requires two-factor for everyone must have it on first, or they'd be the first one stopped. */
export async function updateSecuritySettings(
  ctx: AppContext,
  admin: Pick<Admin, 'twoFactorEnabled'>,
  body: SecuritySettingsDto,
): Promise<SecuritySettingsDto> {
  if (body.requireTwoFactor && !admin.twoFactorEnabled)
    throw AppError.conflict(TWO_FACTOR_MSG.enableOwnFirst, { requireTwoFactor: [TWO_FACTOR_MSG.enableOwnFirst] });
  try {
    await repo.updateShopSettings(ctx.db, { require_two_factor: body.requireTwoFactor ? 1 : 0, updated_at: nowIso() });
  } finally {
    clearShopSettingsCache(ctx);
  }
  return getSecuritySettings(ctx);
}
