// An order's payment as the shop's own wallet told it, on the order itself: the staff's list filters on it, shows
// it in each row and exports it without a join per row. null: not yet received; 'received': a notice paid for it;
// 'amount_differs': a notice names its number with another amount (modules/payment-phones keeps it).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_state', 'varchar(16)').execute();
  // Like the other filters: leads an index that also gives the list's order (created_at, id).
  await db.schema.createIndex('orders_payment_created_id_idx').on('orders').columns(['payment_state', 'created_at', 'id']).execute();
  await sql`update orders set payment_state = 'received'
    where id in (select order_id from payment_notices where order_id is not null)`.execute(db);
  await sql`update orders set payment_state = 'amount_differs'
    where payment_state is null
      and exists (select 1 from payment_notices n where n.state = 'amount_differs' and n.candidates like '%' || orders.id || '%')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_payment_created_id_idx').execute();
  await db.schema.alterTable('orders').dropColumn('payment_state').execute();
}
