// First run: the first admin (generated password printed once) and, unless SEED_DEMO=false, the demo catalog.
// Both only act on an empty database, so a restart never re-seeds or resets anything.
import type { FastifyInstance } from 'fastify';
import { ensureFirstAdmin } from './modules/auth/auth.service.ts';
import { seedDemoCatalog } from './seed/demo-catalog.ts';

export async function prepareFirstRun(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const admin = await ensureFirstAdmin(ctx);
  if (admin?.generatedPassword) {
    app.log.warn(`First admin created: ${admin.email} with password ${admin.generatedPassword} (shown once; change it after signing in)`);
  } else if (admin) {
    app.log.info(`First admin created: ${admin.email}`);
  }
  const seeded = await seedDemoCatalog(ctx);
  if (seeded) app.log.info(seeded, 'Demo catalog seeded (set SEED_DEMO=false to start empty)');
}
