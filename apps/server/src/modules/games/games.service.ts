// Games: who sees which (anonymous callers only enabled games), the banner list, the detail page's data,
// and create/update/delete with their three images (logo and profile image required on create).
import { randomUUID } from 'node:crypto';
import type { GameDetailDto, GameDto, GameForm } from '@topup/contract/games';
import type { Page, PageQuery } from '@topup/contract/envelope';
import type { ServerType } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import type { GamesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { activePaymentAccounts, requireActivePaymentAccount } from '../payment-accounts/payment-accounts.service.ts';
import { packageImagesOfGame, packagesOfGame } from '../token-packages/token-packages.service.ts';
import { requireFiles, storePublicUploads } from '../../lib/catalog-uploads.ts';
import * as repo from './games.repository.ts';

export const LOGO_FIELD = 'file_Logo';
export const BANNER_FIELD = 'file_BannerImage';
export const PROFILE_FIELD = 'file_GameProfileImage';
export const IMAGE_FIELDS = [LOGO_FIELD, BANNER_FIELD, PROFILE_FIELD] as const;

/** Files a new game must come with, and the message when one is missing. */
export const CREATE_REQUIRED_FILES: Record<string, string> = {
  [LOGO_FIELD]: MSG.logoRequired,
  [PROFILE_FIELD]: MSG.profileImageRequired,
};

/** The home carousel shows at most this many banners. */
export const BANNER_LIST_LIMIT = 10;

export function toGameDto(ctx: AppContext, row: GamesTable): GameDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    orderIndex: row.order_index,
    serverType: row.server_type as ServerType,
    isDisable: row.is_disable === 1,
    logo: ctx.media.publicUrl(row.logo),
    bannerImage: ctx.media.publicUrl(row.banner_image),
    gameProfileImage: ctx.media.publicUrl(row.game_profile_image),
    createdAt: row.created_at,
  };
}

/** Anonymous callers get enabled games only; a signed-in admin gets every game. */
export async function listGames(ctx: AppContext, query: PageQuery, viewer: Admin | null): Promise<Page<GameDto>> {
  const filter = { searchTerm: query.searchTerm, includeDisabled: viewer !== null };
  const [rows, total] = await Promise.all([
    repo.listGames(ctx.db, filter, offsetOf(query.currentPage, query.pageSize), query.pageSize),
    repo.countGames(ctx.db, filter),
  ]);
  return toPage(
    rows.map((r) => toGameDto(ctx, r)),
    query.currentPage,
    query.pageSize,
    total,
  );
}

export async function bannerList(ctx: AppContext): Promise<GameDto[]> {
  const rows = await repo.listBannerGames(ctx.db, BANNER_LIST_LIMIT);
  return rows.map((r) => toGameDto(ctx, r));
}

/** A disabled game is hidden from everyone but admins (404, as if it did not exist). */
export async function gameDetail(ctx: AppContext, id: string, viewer: Admin | null): Promise<GameDetailDto> {
  const row = await repo.findGame(ctx.db, id.toLowerCase());
  if (!row || (row.is_disable === 1 && !viewer)) throw AppError.notFound('Game');
  const [tokenPackageDto, configSettingDtos] = await Promise.all([packagesOfGame(ctx, row.id), activePaymentAccounts(ctx)]);
  return { ...toGameDto(ctx, row), tokenPackageDto, configSettingDtos };
}

export type GameFiles = Partial<Record<(typeof IMAGE_FIELDS)[number], Buffer>>;

export async function createGame(ctx: AppContext, form: GameForm, files: GameFiles): Promise<GameDto> {
  requireFiles(files, CREATE_REQUIRED_FILES);
  const stored = await storePublicUploads(ctx, files, IMAGE_FIELDS);
  const now = nowIso();
  const row: GamesTable = {
    id: randomUUID(),
    title: form.title,
    description: form.description,
    order_index: form.orderIndex,
    server_type: form.serverType,
    is_disable: form.isDisable ? 1 : 0,
    logo: stored[LOGO_FIELD] ?? null,
    banner_image: stored[BANNER_FIELD] ?? null,
    game_profile_image: stored[PROFILE_FIELD] ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (row.is_disable === 0) await requireActivePaymentAccount(ctx, trx);
      await repo.insertGame(trx, row);
    });
  } catch (err) {
    await ctx.media.discard('public', Object.values(stored));
    throw err;
  }
  return toGameDto(ctx, row);
}

/** A missing file keeps the old image; a new one replaces it and the old file is released. */
export async function updateGame(ctx: AppContext, id: string, form: GameForm, files: GameFiles): Promise<GameDto> {
  const existing = await repo.findGame(ctx.db, id.toLowerCase());
  if (!existing) throw AppError.notFound('Game');
  const stored = await storePublicUploads(ctx, files, IMAGE_FIELDS);
  const changes = {
    title: form.title,
    description: form.description,
    order_index: form.orderIndex,
    server_type: form.serverType,
    is_disable: form.isDisable ? 1 : 0,
    logo: stored[LOGO_FIELD] ?? existing.logo,
    banner_image: stored[BANNER_FIELD] ?? existing.banner_image,
    game_profile_image: stored[PROFILE_FIELD] ?? existing.game_profile_image,
    updated_at: nowIso(),
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (existing.is_disable === 1 && changes.is_disable === 0) await requireActivePaymentAccount(ctx, trx);
      await repo.updateGame(trx, existing.id, changes);
    });
  } catch (err) {
    await ctx.media.discard('public', Object.values(stored));
    throw err;
  }
  const replaced = [
    stored[LOGO_FIELD] && existing.logo,
    stored[BANNER_FIELD] && existing.banner_image,
    stored[PROFILE_FIELD] && existing.game_profile_image,
  ];
  await ctx.media.releasePublic(ctx.db, replaced);
  return toGameDto(ctx, { ...existing, ...changes });
}

/** Packages go with the game (FK cascade); orders keep their snapshot. Images still shown by an order stay. */
export async function deleteGame(ctx: AppContext, id: string): Promise<{ id: string }> {
  const released = await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findGame(trx, id.toLowerCase());
    if (!existing) throw AppError.notFound('Game');
    const packageImages = await packageImagesOfGame(trx, existing.id);
    await repo.deleteGame(trx, existing.id);
    return [existing.logo, existing.banner_image, existing.game_profile_image, ...packageImages];
  });
  await ctx.media.releasePublic(ctx.db, released);
  return { id: id.toLowerCase() };
}
