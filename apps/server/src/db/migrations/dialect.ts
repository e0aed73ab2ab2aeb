// Migrations get a Kysely without its dialect name; the ones that write dialect-specific SQL (triggers, FTS) ask.
import { sql, type Kysely } from 'kysely';

/** True on PostgreSQL: `version()` exists there and not in SQLite. */
export async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
