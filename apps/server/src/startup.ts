// First run: the first admin (an owner; generated password shown once) and, unless SEED_DEMO=false, the demo catalog.
// Both only act on an empty database, so a restart never re-seeds or resets anything.
import type { FastifyInstance } from 'fastify';
import { ensureFirstAdmin } from './modules/auth/auth.service.ts';
import { seedDemoCatalog } from './seed/demo-catalog.ts';

export type FirstRun = { admin: { email: string; generatedPassword?: string } | null };

export async function prepareFirstRun(app: FastifyInstance): Promise<FirstRun> {
  const ctx = app.ctx;
  const admin = await ensureFirstAdmin(ctx);
  // The password itself is never logged: it is printed once, as plain text, by firstRunBanner after listening.
  if (admin) app.log.info({ email: admin.email }, 'First admin created');
  const seeded = await seedDemoCatalog(ctx);
  if (seeded) app.log.info(seeded, 'Demo catalog seeded (set SEED_DEMO=false to start empty)');
  return { admin };
}

/** What the owner needs after a start, as a plain boxed block (not a JSON log line): where to sign in, and how. */
export function firstRunBanner(firstRun: FirstRun, url: string): string | null {
  const admin = firstRun.admin;
  if (!admin) return null;
  const lines = [
    'The shop is ready.',
    '',
    `Sign in at   ${url}/login`,
    `Email        ${admin.email}`,
    admin.generatedPassword ? `Password     ${admin.generatedPassword}` : 'Password     the ADMIN_PASSWORD you set',
    '',
    admin.generatedPassword
      ? 'This password is shown only this once: change it after signing in.'
      : 'You are the owner: invite your staff from Users.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return ['', border, ...lines.map((l) => `| ${l.padEnd(width)} |`), border, ''].join('\n');
}
