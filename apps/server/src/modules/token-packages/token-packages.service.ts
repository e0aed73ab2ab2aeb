// Token packages: the searchable list (anonymous callers never see packages of disabled games), create/update/delete
// with the package image, and the lookup the orders module prices an order with.
import { randomUUID } from 'node:crypto';
import type { Page } from '@topup/contract/envelope';
import type { PaymentMethod, ServerType } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import type { TokenPackageDto, TokenPackageForm, TokenPackageListQuery } from '@topup/contract/token-packages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { TokenPackagesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { requireFiles, storePublicUploads } from '../../lib/catalog-uploads.ts';
import * as repo from './token-packages.repository.ts';

export const PACKAGE_IMAGE_FIELD = 'file_PackageImage';
export const IMAGE_FIELDS = [PACKAGE_IMAGE_FIELD] as const;
export const CREATE_REQUIRED_FILES: Record<string, string> = { [PACKAGE_IMAGE_FIELD]: MSG.packageImageRequired };

const GAME_NOT_FOUND = MSG.notFound('Game');

function baseDto(ctx: AppContext, row: repo.PackageRow): TokenPackageDto {
  return {
    id: row.id,
    tokenTitle: row.token_title,
    unit: row.unit,
    price: Number(row.price),
    currency: row.currency,
    gameId: row.game_id,
    gameDto: { id: row.game_id, title: row.game_title },
    paymentMethod: row.payment_method as PaymentMethod,
    canAddQuantity: row.can_add_quantity === 1,
    packageImage: ctx.media.publicUrl(row.package_image),
    createdDate: row.created_at,
  };
}

/**
 * Every answer that carries packages (list, a game's packages, create, update) goes through here, so each has the
 * same shape: code packages say whether they are in stock and how they are delivered (modules/code-stock).
 */
export function toTokenPackageDtos(ctx: AppContext, rows: repo.PackageRow[]): Promise<TokenPackageDto[]> {
  return ctx.codeStock.decoratePackages(rows.map((r) => baseDto(ctx, r)));
}

async function toTokenPackageDto(ctx: AppContext, row: repo.PackageRow): Promise<TokenPackageDto> {
  return (await toTokenPackageDtos(ctx, [row]))[0]!;
}

export async function listPackages(ctx: AppContext, query: TokenPackageListQuery, viewer: Admin | null): Promise<Page<TokenPackageDto>> {
  const filter: repo.PackageFilter = {
    searchTerm: query.searchTerm,
    gameId: query.gameId?.toLowerCase(),
    paymentMethod: query.paymentMethod,
    includeDisabledGames: viewer !== null,
  };
  const [rows, total] = await Promise.all([
    repo.listPackages(ctx.db, filter, offsetOf(query.currentPage, query.pageSize), query.pageSize),
    repo.countPackages(ctx.db, filter),
  ]);
  return toPage(await toTokenPackageDtos(ctx, rows), query.currentPage, query.pageSize, total);
}

/** A game's packages for its detail page: by payment method, then price. */
export async function packagesOfGame(ctx: AppContext, gameId: string): Promise<TokenPackageDto[]> {
  const rows = await repo.listPackagesOfGame(ctx.db, gameId);
  return toTokenPackageDtos(ctx, rows);
}

/** Stored image names of a game's packages; the games module releases them when it deletes the game. */
export function packageImagesOfGame(db: Db, gameId: string): Promise<Array<string | null>> {
  return repo.packageImagesOfGame(db, gameId);
}

export type PackageForOrder = {
  id: string;
  tokenTitle: string;
  unit: number;
  price: number;
  currency: string;
  paymentMethod: PaymentMethod;
  canAddQuantity: boolean;
  /** The stored file name (not a URL): what an order's snapshot keeps. */
  packageImage: string | null;
  game: { id: string; title: string; serverType: ServerType; isDisable: boolean };
};

/** Loads a package with its game, for pricing and checking an order; `db` may be a transaction. */
export async function findPackageForOrder(db: Db, id: string): Promise<PackageForOrder | undefined> {
  const row = await repo.findPackageWithGame(db, id.toLowerCase());
  if (!row) return undefined;
  return {
    id: row.id,
    tokenTitle: row.token_title,
    unit: row.unit,
    price: Number(row.price),
    currency: row.currency,
    paymentMethod: row.payment_method as PaymentMethod,
    canAddQuantity: row.can_add_quantity === 1,
    packageImage: row.package_image,
    game: { id: row.game_id, title: row.game_title, serverType: row.game_server_type as ServerType, isDisable: row.game_is_disable === 1 },
  };
}

export type PackageFiles = Partial<Record<(typeof IMAGE_FIELDS)[number], Buffer>>;

async function gameTitleOf(db: Db, gameId: string): Promise<string> {
  const game = await repo.findGameTitle(db, gameId);
  if (!game) throw AppError.field('gameId', GAME_NOT_FOUND);
  return game.title;
}

/** The game can vanish between our check and the write; its foreign key then answers for it. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(e?.message ?? '');
}

function writeFailure(err: unknown): unknown {
  return isForeignKeyViolation(err) ? AppError.field('gameId', GAME_NOT_FOUND) : err;
}

export async function createPackage(ctx: AppContext, form: TokenPackageForm, files: PackageFiles): Promise<TokenPackageDto> {
  requireFiles(files, CREATE_REQUIRED_FILES);
  const gameId = form.gameId.toLowerCase();
  const gameTitle = await gameTitleOf(ctx.db, gameId);
  const stored = await storePublicUploads(ctx, files, IMAGE_FIELDS);
  const now = nowIso();
  const row: TokenPackagesTable = {
    id: randomUUID(),
    ...formColumns(form, gameId),
    package_image: stored[PACKAGE_IMAGE_FIELD] ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insertPackage(ctx.db, row);
  } catch (err) {
    await ctx.media.discard('public', Object.values(stored));
    throw writeFailure(err);
  }
  return toTokenPackageDto(ctx, { ...row, game_title: gameTitle });
}

/** The columns a create and an update both take from the form. */
function formColumns(form: TokenPackageForm, gameId: string) {
  return {
    game_id: gameId,
    token_title: form.tokenTitle,
    unit: form.unit,
    price: form.price,
    currency: form.currency,
    payment_method: form.paymentMethod,
    can_add_quantity: form.canAddQuantity ? 1 : 0,
  };
}

/** A missing file keeps the old image; a new one replaces it and the old file is released (unless an order still shows it). */
export async function updatePackage(ctx: AppContext, id: string, form: TokenPackageForm, files: PackageFiles): Promise<TokenPackageDto> {
  const existing = await repo.findPackage(ctx.db, id.toLowerCase());
  if (!existing) throw AppError.notFound('Token package');
  const gameId = form.gameId.toLowerCase();
  const gameTitle = await gameTitleOf(ctx.db, gameId);
  const stored = await storePublicUploads(ctx, files, IMAGE_FIELDS);
  const changes = {
    ...formColumns(form, gameId),
    package_image: stored[PACKAGE_IMAGE_FIELD] ?? existing.package_image,
    updated_at: nowIso(),
  };
  try {
    await repo.updatePackage(ctx.db, existing.id, changes);
  } catch (err) {
    await ctx.media.discard('public', Object.values(stored));
    throw writeFailure(err);
  }
  if (stored[PACKAGE_IMAGE_FIELD]) await ctx.media.releasePublic(ctx.db, [existing.package_image]);
  return toTokenPackageDto(ctx, { ...existing, ...changes, game_title: gameTitle });
}

export async function deletePackage(ctx: AppContext, id: string): Promise<{ id: string }> {
  const existing = await repo.findPackage(ctx.db, id.toLowerCase());
  if (!existing) throw AppError.notFound('Token package');
  await repo.deletePackage(ctx.db, existing.id);
  await ctx.media.releasePublic(ctx.db, [existing.package_image]);
  return { id: existing.id };
}
