// Code stock: packages sold as codes, their encrypted codes, and the moves a code makes (available → reserved for
// a placed order → delivered on completion; back to available when the order is cancelled). Orders call the few
// hooks of CodeStock inside their own transactions, so a code moves with the order's change or not at all.
// The code's text is decrypted only for its buyer's private status page and an owner's audited reveal.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '@topup/contract/envelope';
import { QUANTITY } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import {
  CODE_LIMITS,
  type CodeImportBody,
  type CodeImportResultDto,
  type CodeListQuery,
  type CodeRevealDto,
  type CodeStockDto,
  type DeliveredCodeDto,
  type DeliveryMode,
  type PackageDeliveryBody,
  type PackageDeliveryDto,
  type RevealedCodeDto,
  type StockCodeDto,
} from '@topup/contract/code-stock';
import type { TrackedDelivery } from '@topup/contract/order-tracking';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import type { Db, Dialect } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';
import { zonedDate } from '../../lib/time-zone.ts';
import { DEFAULT_TIME_ZONE } from '@topup/contract/shop-settings';
import type { Admin } from '../auth/admin.ts';
import type { CodeCipher } from './code-cipher.ts';
import { readCodes } from './code-import.ts';
import * as repo from './code-stock.repository.ts';
import { record } from '../orders/timeline-record.ts';

/** What a code hook needs of an order. */
export type StockOrder = { id: string; packageId: string | null; quantity: number };

export type CodeStock = {
  /** Before anything is stored for a new order: 409 when the package is sold as codes and has too few. */
  checkAvailable(packageId: string, quantity: number): Promise<void>;
  /** Inside the order's insert: reserves its N codes, or throws 409 (the whole order rolls back). */
  reserve(trx: Db, order: StockOrder): Promise<void>;
  /**
   * Inside a completion: hands the order its N codes (the reserved ones, or fresh ones for what is missing), N or
   * none; throws 409 `completionOutOfStock` when stock can't cover it. Answers how many were delivered now (0 for an
   * order that is not a code order or already has them).
   */
  deliver(trx: Db, order: StockOrder): Promise<number>;
  /** Inside a cancellation or deletion: reserved codes go back to stock. */
  release(trx: Db, orderId: string): Promise<void>;
  /** Inside a reopening (cancelled → pending): reserves again if stock allows; completion tries again otherwise. */
  tryReserve(trx: Db, order: StockOrder): Promise<void>;
  /**
   * Inside any status change of an order (staff's, one or bulk): completing delivers its codes (409 when stock can't
   * cover them: the change rolls back), cancelling gives reserved ones back, reopening a cancelled order reserves
   * again if it can. Records CODES_DELIVERED with the actor when codes were handed over; answers how many.
   */
  statusMoved(
    trx: Db,
    order: StockOrder,
    move: { from: string; to: string; actor: { id: string; email: string } | null; at: string },
  ): Promise<number>;
  /**
   * After a commit that moved codes of these packages: warns owners once each time a package falls below its threshold
   * (not again until it is back at or above it), refreshes the storefront.
   */
  stockChanged(packageIds: Array<string | null>): void;
  /** A code package's counts now (never a code); null for a package not sold as codes. */
  stockOf(packageId: string): Promise<CodeStockDto | null>;
  isCodeOrder(db: Db, order: StockOrder): Promise<boolean>;
  deliveryOf(packageId: string | null): Promise<repo.DeliveryRow | undefined>;
  /** The buyer's view of delivery (codes decrypted); null for an order that is neither codes nor automatic. */
  trackedDelivery(
    order: { id: string; packageId: string | null; status: string },
    paymentReceived: boolean,
  ): Promise<TrackedDelivery | null>;
  /** Adds isCodeProduct, autoDelivery and availableQuantity to packages. */
  decoratePackages(dtos: TokenPackageDto[]): Promise<TokenPackageDto[]>;
  /** Re-encrypts every code sealed with a previous key (start-up after a rotation); answers how many. */
  reseal(): Promise<number>;
  today(): Promise<string>;
  readonly cipher: CodeCipher;
};

export type CodeStockDeps = {
  db: Db;
  dialect: Dialect;
  cipher: CodeCipher;
  log: FastifyBaseLogger;
  timeZone: () => Promise<string>;
  /** Owners should hear of low stock (hub and staff alerts). Counts only, never codes. */
  onLowStock: (stock: CodeStockDto) => void;
  /** Stock of a package went to or from zero: the storefront's cached lists must say so. */
  onAvailabilityChanged: () => void;
};

const outOfStock = () => AppError.conflict(MSG.outOfStock, { tokenPackageId: [MSG.outOfStock] });
const notEnough = (available: number) => AppError.conflict(MSG.notEnoughStock(available), { quantity: [MSG.notEnoughStock(available)] });
const completionShort = () => AppError.conflict(MSG.completionOutOfStock, { orderStatus: [MSG.completionOutOfStock] });

/** Thrown inside the order's transaction when a claim came short; the transaction rolls back whole. */
class ShortClaim extends Error {}

const tailOf = (code: string) => [...code].slice(-4).join('');
export const maskCode = (tail: string) => `••••${tail}`;

/** The low-stock rule: below the owner's threshold; a threshold of 0 warns never. */
export const isLow = (available: number, threshold: number): boolean => threshold > 0 && available < threshold;

export function toDeliveryDto(packageId: string, row: repo.DeliveryRow | undefined): PackageDeliveryDto {
  return {
    packageId,
    isCodeProduct: row?.is_code_product === 1,
    deliveryMode: (row?.delivery_mode as DeliveryMode | undefined) ?? 'STAFF',
    redeemInstructions: { mm: row?.redeem_mm ?? '', en: row?.redeem_en ?? '' },
    lowStockThreshold: row?.low_stock_threshold ?? 0,
  };
}

export function createCodeStock(deps: CodeStockDeps): CodeStock {
  const { db, dialect, cipher, log } = deps;
  // Inside a transaction nothing else may be read on SQLite's one connection: the shop's day there comes from the
  // time zone last read outside one (every read below refreshes it; it changes rarely, and only moves expiry a day).
  let zone = DEFAULT_TIME_ZONE;
  const today = async () => {
    zone = await deps.timeZone();
    return zonedDate(Date.now(), zone);
  };
  const dayInTransaction = () => zonedDate(Date.now(), zone);

  async function claimExactly(trx: Db, packageId: string, orderId: string, n: number): Promise<void> {
    if (n <= 0) return;
    const ids = await repo.claim(trx, dialect, { packageId, orderId, n, today: dayInTransaction(), at: nowIso() });
    if (ids.length < n) throw new ShortClaim();
  }

  async function available(packageId: string): Promise<number> {
    return (await repo.counts(db, [packageId], await today())).get(packageId)!.available;
  }

  async function stockOf(packageId: string): Promise<CodeStockDto | null> {
    const [pkg, delivery] = await Promise.all([repo.packageWithGame(db, packageId), repo.deliveryOf(db, packageId)]);
    if (!pkg || delivery?.is_code_product !== 1) return null;
    const c = (await repo.counts(db, [packageId], await today())).get(packageId)!;
    return {
      packageId,
      packageTitle: pkg.token_title,
      gameId: pkg.game_id,
      gameTitle: pkg.game_title ?? '',
      deliveryMode: delivery.delivery_mode as DeliveryMode,
      ...c,
      lowStockThreshold: delivery.low_stock_threshold,
      low: isLow(c.available, delivery.low_stock_threshold),
    };
  }

  /** What this instance last saw available per package: the storefront's cached lists refresh when it is low. */
  const seen = new Map<string, number>();
  async function checkLow(packageId: string): Promise<void> {
    const stock = await stockOf(packageId);
    // No longer sold as codes: nothing to warn about, and a later return to codes starts from a clean slate.
    if (!stock) {
      await repo.setLowAlerted(db, packageId, null, false);
      return;
    }
    const before = seen.get(packageId) ?? 0;
    seen.set(packageId, stock.available);
    if (stock.available < QUANTITY.max || before < QUANTITY.max) deps.onAvailabilityChanged();
    if (stock.low) {
      // Once per dip below the threshold, whichever instance sees it first.
      if (await repo.setLowAlerted(db, packageId, nowIso(), true)) deps.onLowStock(stock);
    } else await repo.setLowAlerted(db, packageId, null, false);
  }

  const stock: CodeStock = {
    cipher,
    today,
    stockOf,
    async checkAvailable(packageId, quantity) {
      const d = await repo.deliveryOf(db, packageId);
      if (d?.is_code_product !== 1) return;
      const n = await available(packageId);
      if (n === 0) throw outOfStock();
      if (n < quantity) throw notEnough(Math.min(n, QUANTITY.max));
    },
    async reserve(trx, order) {
      if (!order.packageId) return;
      const d = await repo.deliveryOf(trx, order.packageId);
      if (d?.is_code_product !== 1) return;
      try {
        await claimExactly(trx, order.packageId, order.id, order.quantity);
      } catch (err) {
        if (!(err instanceof ShortClaim)) throw err;
        const n = (await repo.counts(trx, [order.packageId], dayInTransaction())).get(order.packageId)!.available;
        throw n === 0 ? outOfStock() : notEnough(Math.min(n, QUANTITY.max));
      }
    },
    async deliver(trx, order) {
      const held = await repo.codesOfOrder(trx, order.id);
      if (!(await stock.isCodeOrder(trx, order)) && held.length === 0) return 0;
      const day = dayInTransaction();
      // A reserved code that passed its expiry while the order waited is not handed over: it is replaced.
      const expired = await repo.expireReserved(trx, order.id, day);
      const have = held.length - expired;
      const missing = order.quantity - have;
      if (missing > 0) {
        if (!order.packageId) throw completionShort();
        try {
          await claimExactly(trx, order.packageId, order.id, missing);
        } catch (err) {
          if (err instanceof ShortClaim) throw completionShort();
          throw err;
        }
      }
      return repo.deliverReserved(trx, order.id, nowIso());
    },
    async statusMoved(trx, order, move) {
      if (move.from === move.to) return 0;
      if (move.to === 'COMPLETED') {
        const delivered = await stock.deliver(trx, order);
        if (delivered > 0)
          await record(trx, { orderId: order.id, actor: move.actor, at: move.at, type: 'CODES_DELIVERED', data: { count: delivered } });
        return delivered;
      }
      if (move.to === 'CANCELLED') await stock.release(trx, order.id);
      else if (move.from === 'CANCELLED') await stock.tryReserve(trx, order);
      return 0;
    },
    async release(trx, orderId) {
      await repo.releaseReserved(trx, orderId);
    },
    async tryReserve(trx, order) {
      if (!order.packageId || !(await stock.isCodeOrder(trx, order))) return;
      const have = (await repo.codesOfOrder(trx, order.id)).length;
      const missing = order.quantity - have;
      if (missing <= 0) return;
      // Only when enough look free; a claim that still comes short keeps what it took, and completion takes the rest.
      const day = dayInTransaction();
      if ((await repo.counts(trx, [order.packageId], day)).get(order.packageId)!.available < missing) return;
      await repo.claim(trx, dialect, { packageId: order.packageId, orderId: order.id, n: missing, today: day, at: nowIso() });
    },
    stockChanged(packageIds) {
      for (const id of new Set(packageIds)) {
        if (id) void checkLow(id).catch((err: unknown) => log.error({ err, packageId: id }, 'low-stock check failed'));
      }
    },
    async isCodeOrder(trx, order) {
      if (!order.packageId) return false;
      return (await repo.deliveryOf(trx, order.packageId))?.is_code_product === 1;
    },
    deliveryOf(packageId) {
      return packageId ? repo.deliveryOf(db, packageId) : Promise.resolve(undefined);
    },
    async trackedDelivery(order, paymentReceived) {
      const [d, codes] = await Promise.all([
        order.packageId ? repo.deliveryOf(db, order.packageId) : undefined,
        repo.codesOfOrder(db, order.id),
      ]);
      const delivered = codes.filter((c) => c.state === 'delivered');
      const isCode = d?.is_code_product === 1 || delivered.length > 0;
      const mode = (d?.delivery_mode as DeliveryMode | undefined) ?? 'STAFF';
      if (!isCode && mode !== 'AUTO_ON_PAYMENT') return null;
      const state =
        order.status === 'CANCELLED'
          ? 'CANCELLED'
          : order.status === 'COMPLETED'
            ? 'DELIVERED'
            : paymentReceived
              ? 'PAYMENT_CONFIRMED'
              : 'AWAITING_PAYMENT';
      return {
        isCodeProduct: isCode,
        deliveryMode: mode,
        state,
        codes: delivered.map((c): DeliveredCodeDto => ({
          code: cipher.decrypt(c.code_cipher, c.id),
          pin: c.pin_cipher ? cipher.decrypt(c.pin_cipher, `${c.id}:pin`) : null,
          expiresOn: c.expires_on,
        })),
        redeemInstructions: { mm: d?.redeem_mm ?? '', en: d?.redeem_en ?? '' },
      };
    },
    async decoratePackages(dtos) {
      const rows = await repo.deliveriesOf(
        db,
        dtos.map((p) => p.id),
      );
      const byId = new Map(rows.map((r) => [r.package_id, r]));
      const codeIds = rows.filter((r) => r.is_code_product === 1).map((r) => r.package_id);
      const counts = await repo.counts(db, codeIds, await today());
      return dtos.map((p) => {
        const d = byId.get(p.id);
        const isCode = d?.is_code_product === 1;
        return {
          ...p,
          isCodeProduct: isCode,
          autoDelivery: d?.delivery_mode === 'AUTO_ON_PAYMENT',
          availableQuantity: isCode ? Math.min(counts.get(p.id)?.available ?? 0, QUANTITY.max) : null,
        };
      });
    },
    async reseal() {
      let moved = 0;
      for (;;) {
        const rows = await repo.sealedWithOtherKey(db, cipher.keyId, 200);
        if (rows.length === 0) return moved;
        for (const row of rows) {
          const code = cipher.decrypt(row.code_cipher, row.id);
          const pin = row.pin_cipher ? cipher.decrypt(row.pin_cipher, `${row.id}:pin`) : null;
          await repo.reseal(
            db,
            {
              id: row.id,
              code_cipher: cipher.encrypt(code, row.id),
              pin_cipher: pin === null ? null : cipher.encrypt(pin, `${row.id}:pin`),
              key_id: cipher.keyId,
              code_hash: cipher.fingerprint(code),
            },
            row.key_id,
          );
          moved++;
        }
      }
    },
  };
  return stock;
}

// ---- owners' management (routes call these with the app's context) ----------------------------------------------

type Ctx = { db: Db; codeStock: CodeStock; publicCache: { clear(): void } };

async function packageOrThrow(ctx: Ctx, packageId: string) {
  const pkg = await repo.packageWithGame(ctx.db, packageId);
  if (!pkg) throw AppError.notFound('Token package');
  return pkg;
}

export async function getDelivery(ctx: Ctx, packageId: string): Promise<PackageDeliveryDto> {
  await packageOrThrow(ctx, packageId);
  return toDeliveryDto(packageId, await repo.deliveryOf(ctx.db, packageId));
}

export async function saveDelivery(ctx: Ctx, packageId: string, body: PackageDeliveryBody): Promise<PackageDeliveryDto> {
  await packageOrThrow(ctx, packageId);
  await repo.saveDelivery(ctx.db, {
    package_id: packageId,
    is_code_product: body.isCodeProduct ? 1 : 0,
    delivery_mode: body.deliveryMode,
    redeem_mm: body.redeemInstructions.mm,
    redeem_en: body.redeemInstructions.en,
    low_stock_threshold: body.lowStockThreshold,
    low_alerted_at: null,
    updated_at: nowIso(),
  });
  ctx.publicCache.clear();
  ctx.codeStock.stockChanged([packageId]);
  return toDeliveryDto(packageId, await repo.deliveryOf(ctx.db, packageId));
}

async function stockDtos(ctx: Ctx, packageId?: string): Promise<CodeStockDto[]> {
  const rows = (await repo.codePackages(ctx.db)).filter((r) => !packageId || r.package_id === packageId);
  const counts = await repo.counts(
    ctx.db,
    rows.map((r) => r.package_id),
    await ctx.codeStock.today(),
  );
  return rows.map((r) => {
    const c = counts.get(r.package_id)!;
    return {
      packageId: r.package_id,
      packageTitle: r.token_title,
      gameId: r.game_id,
      gameTitle: r.game_title ?? '',
      deliveryMode: r.delivery_mode as DeliveryMode,
      ...c,
      lowStockThreshold: r.low_stock_threshold,
      low: isLow(c.available, r.low_stock_threshold),
    };
  });
}

export const listStock = (ctx: Ctx) => stockDtos(ctx);

export async function stockOfPackage(ctx: Ctx, packageId: string): Promise<CodeStockDto> {
  const [found] = await stockDtos(ctx, packageId);
  if (!found) throw AppError.field('packageId', MSG.notCodeProduct);
  return found;
}

export async function importCodes(ctx: Ctx, admin: Admin, packageId: string, body: CodeImportBody): Promise<CodeImportResultDto> {
  await stockOfPackage(ctx, packageId);
  const { codes, problems } = readCodes(body.text, await ctx.codeStock.today());
  if (codes.length > CODE_LIMITS.importLines) throw AppError.field('text', MSG.tooMany(CODE_LIMITS.importLines));
  const { cipher } = ctx.codeStock;
  const now = nowIso();
  const rows = codes.map((c) => {
    const id = randomUUID();
    return {
      line: c.line,
      row: {
        id,
        package_id: packageId,
        code_cipher: cipher.encrypt(c.code, id),
        pin_cipher: c.pin === null ? null : cipher.encrypt(c.pin, `${id}:pin`),
        key_id: cipher.keyId,
        code_hash: cipher.fingerprint(c.code),
        tail: tailOf(c.code),
        expires_on: c.expiresOn,
        state: 'available',
        order_id: null,
        added_at: now,
        added_by: admin.email,
        reserved_at: null,
        delivered_at: null,
      } satisfies repo.CodeRow,
    };
  });
  const skipped = [...problems];
  const existing = await repo.existingFingerprints(
    ctx.db,
    rows.map((r) => r.row.code_hash),
  );
  const fresh = rows.filter((r) => {
    if (!existing.has(r.row.code_hash)) return true;
    skipped.push({ line: r.line, problem: 'alreadyInStock' });
    return false;
  });
  try {
    await ctx.db.transaction().execute((trx) =>
      repo.insertCodes(
        trx,
        fresh.map((r) => r.row),
      ),
    );
  } catch (err) {
    // Another import of the same code committed in between: nothing of this one was written; the owner sends again.
    if (isUniqueViolation(err)) throw AppError.conflict(MSG.orderConflict);
    throw err;
  }
  skipped.sort((a, b) => a.line - b.line);
  ctx.codeStock.stockChanged([packageId]);
  ctx.publicCache.clear();
  return { added: fresh.length, skipped, stock: await stockOfPackage(ctx, packageId) };
}

export async function listCodes(ctx: Ctx, packageId: string, query: CodeListQuery): Promise<Page<StockCodeDto>> {
  await packageOrThrow(ctx, packageId);
  const [rows, total] = await repo.listCodes(
    ctx.db,
    packageId,
    query.state,
    await ctx.codeStock.today(),
    offsetOf(query.currentPage, query.pageSize),
    query.pageSize,
  );
  const day = await ctx.codeStock.today();
  return toPage(
    rows.map((r) => ({
      id: r.id,
      packageId: r.package_id,
      maskedCode: maskCode(r.tail),
      hasPin: r.pin_cipher !== null,
      state: (r.state === 'available' && r.expires_on !== null && r.expires_on < day ? 'expired' : r.state) as StockCodeDto['state'],
      expiresOn: r.expires_on,
      addedAt: r.added_at,
      addedBy: r.added_by,
      orderId: r.order_id,
      orderCode: r.order_code ?? null,
      deliveredAt: r.delivered_at,
    })),
    query.currentPage,
    query.pageSize,
    Number(total.n),
  );
}

/** An owner sees one code; the reveal is recorded first, so a reveal that answered is always in the log. */
export async function revealCode(ctx: Ctx, admin: Admin, codeId: string): Promise<RevealedCodeDto> {
  const row = await repo.codeById(ctx.db, codeId);
  if (!row) throw AppError.notFound('Code');
  await repo.insertReveal(ctx.db, {
    id: randomUUID(),
    code_id: row.id,
    package_id: row.package_id,
    user_id: admin.id,
    user_email: admin.email,
    at: nowIso(),
  });
  const { cipher } = ctx.codeStock;
  return {
    id: row.id,
    code: cipher.decrypt(row.code_cipher, row.id),
    pin: row.pin_cipher ? cipher.decrypt(row.pin_cipher, `${row.id}:pin`) : null,
  };
}

export async function withdrawCode(ctx: Ctx, codeId: string): Promise<{ id: string }> {
  const row = await repo.codeById(ctx.db, codeId);
  if (!row) throw AppError.notFound('Code');
  if (!(await repo.withdraw(ctx.db, codeId))) throw AppError.conflict(MSG.codeNotAvailable, { id: [MSG.codeNotAvailable] });
  ctx.codeStock.stockChanged([row.package_id]);
  return { id: codeId };
}

export async function listReveals(ctx: Ctx, currentPage: number, pageSize: number): Promise<Page<CodeRevealDto>> {
  const [rows, total] = await repo.listReveals(ctx.db, offsetOf(currentPage, pageSize), pageSize);
  return toPage(
    rows.map((r) => ({
      codeId: r.code_id,
      packageId: r.package_id,
      packageTitle: r.token_title ?? '',
      maskedCode: maskCode(r.tail ?? ''),
      by: r.user_email,
      at: r.at,
    })),
    currentPage,
    pageSize,
    Number(total.n),
  );
}
