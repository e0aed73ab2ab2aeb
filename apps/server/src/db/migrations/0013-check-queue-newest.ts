// The screenshot-check queue takes the newest orders first (docs/decisions/0066-checks-under-a-burst.md): the
// queued checks by the time of their order, so a claim under a backlog of thousands reads the few it takes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('order_checks_queued_idx').on('order_checks').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_checks_queued_idx').execute();
}
