// A used refresh token keeps the pair it was exchanged for, encrypted with a key only the token's holder can
// derive, so a second refresh within the grace window gets the same pair instead of revoking the session.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor_cipher', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_cipher').execute();
}
