// Pending orders written straight into a bench server's database, each with its order code and one buyer tracking
// token, as placing an order leaves them but without the screenshot check: the buyer pages' status streams open them
// by code and token, and payment notices find them by their 6-digit transaction number.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH } from '../../packages/contract/src/order-codes.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashToken } from '../../apps/server/src/modules/order-tracking/order-tracking.service.ts';
import type { ProdServer } from './prod-server.ts';

export type TrackedOrder = { id: string; code: string; token: string; number: string };

/**
 * `count` PENDING orders of one 86 Diamonds package at `amount` MMK; transaction numbers count up from `firstNumber`.
 * One transaction, through a connection of its own that is closed before this returns.
 */
export async function seedTrackedOrders(
  server: ProdServer,
  count: number,
  { firstNumber, amount }: { firstNumber: number; amount: number },
): Promise<TrackedOrder[]> {
  const { db } = openDatabase({ url: `sqlite:${path.join(server.dataDir, 'shop.db')}` });
  const now = new Date().toISOString();
  const orders = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    code: Array.from(randomBytes(ORDER_CODE_LENGTH), (b) => ORDER_CODE_ALPHABET[b % ORDER_CODE_ALPHABET.length]).join(''),
    token: randomBytes(24).toString('base64url'),
    number: String(firstNumber + i),
  }));
  try {
    await db.transaction().execute(async (trx) => {
      for (const [i, o] of orders.entries()) {
        await trx
          .insertInto('orders')
          .values({
            id: o.id,
            code: o.code,
            in_game_user_id: String(500_000_000 + i),
            server_info: '',
            mobile_number: `0977${String(i).padStart(7, '0')}`,
            game_id: null,
            game_title: 'Mobile Legends: Bang Bang',
            package_id: null,
            package_title: '86 Diamonds',
            package_unit: 86,
            package_price: amount,
            package_currency: 'MMK',
            package_image: null,
            payment_method: 'NORMAL',
            quantity: 1,
            sub_total: amount,
            transaction_number: o.number,
            screenshot: 'bench.webp',
            status: 'PENDING',
            operator_id: null,
            operator_email: null,
            is_read: 0,
            created_at: now,
            updated_at: now,
            idempotency_key: null,
          })
          .execute();
        await trx
          .insertInto('order_tracking_tokens')
          .values({ token_hash: hashToken(o.token), order_id: o.id, created_at: now })
          .execute();
      }
    });
  } finally {
    await db.destroy();
  }
  return orders;
}
