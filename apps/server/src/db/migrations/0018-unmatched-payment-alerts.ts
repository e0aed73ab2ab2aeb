// Staff may hear about money that arrived with no order (modules/staff-alerts): one more per-person switch, on by
// default like the others. The delivery rows of such alerts carry the notice's id in order_id (no foreign key there).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff_alert_preferences')
    .addColumn('unmatched_payment', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_alert_preferences').dropColumn('unmatched_payment').execute();
}
