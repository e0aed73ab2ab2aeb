// Test data for the order suites: games and packages written straight to the database (so these tests don't depend
// on the catalog modules), an order placed through the API like a buyer would, and a cheap huge-but-valid PNG.
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerType } from '@topup/contract/limits';
import { multipart, png, storedFiles, type FilePart, type TestApp } from '../../../test/helpers.ts';

export type GameOptions = { title?: string; serverType?: ServerType; disabled?: boolean };

export async function createGame(t: TestApp, opts: GameOptions = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.app.ctx.db
    .insertInto('games')
    .values({
      id,
      title: opts.title ?? `Game ${id.slice(0, 6)}`,
      description: '',
      order_index: 1,
      server_type: opts.serverType ?? 'NONE',
      is_disable: opts.disabled ? 1 : 0,
      logo: null,
      banner_image: null,
      game_profile_image: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export type PackageOptions = {
  title?: string;
  price?: number;
  unit?: number;
  canAddQuantity?: boolean;
  image?: string | null;
  paymentMethod?: string;
};

export async function createPackage(t: TestApp, gameId: string, opts: PackageOptions = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.app.ctx.db
    .insertInto('token_packages')
    .values({
      id,
      game_id: gameId,
      token_title: opts.title ?? `Pack ${id.slice(0, 6)}`,
      unit: opts.unit ?? 100,
      price: opts.price ?? 1000,
      currency: 'MMK',
      payment_method: opts.paymentMethod ?? 'NORMAL',
      can_add_quantity: opts.canAddQuantity ? 1 : 0,
      package_image: opts.image ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A game with one package, the usual starting point of an order test. */
export async function createCatalog(t: TestApp, game: GameOptions = {}, pkg: PackageOptions = {}) {
  const gameId = await createGame(t, game);
  const packageId = await createPackage(t, gameId, pkg);
  return { gameId, packageId };
}

export function orderFields(packageId: string, overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    inGameUserId: 'player-1',
    serverInfo: '',
    mobileNumber: '09123456789',
    tokenPackageId: packageId,
    quantity: '1',
    transactionNumber: '123456',
    screenShot: '',
    ...overrides,
  };
}

/** POST /api/v1/Order as the storefront sends it; `files` defaults to one good PNG screenshot. */
export async function placeOrder(
  t: TestApp,
  fields: Record<string, string | undefined>,
  files?: Record<string, FilePart | FilePart[]>,
): Promise<LightMyRequestResponse> {
  const form = multipart(fields, files ?? { file_ScreenShot: { data: await png() } });
  return t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
}

/** PUT /api/v1/Order/{id} as the dashboard sends it. */
export async function updateOrder(
  t: TestApp,
  id: string,
  fields: Record<string, string | undefined>,
  files: Record<string, FilePart> = {},
) {
  const form = multipart(fields, files);
  return t.app.inject({ method: 'PUT', url: `/api/v1/Order/${id}`, headers: { ...form.headers, ...t.auth }, payload: form.payload });
}

export async function countRows(t: TestApp) {
  const db = t.app.ctx.db;
  const [orders, notifications] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: Number(orders.n), notifications: Number(notifications.n), files: storedFiles(t.dataDir).length };
}

/**
 * A valid 1-bit greyscale PNG of any size, built by hand: all-black rows deflate to almost nothing, so a
 * 20000×20000 image (400 megapixels) is a few dozen KB and takes a fraction of a second to make.
 */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: filter byte 0, then width bits of zeros.
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
