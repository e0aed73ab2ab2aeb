// Which language a staff member gets what the shop sends them outside the page: live notices and mails.
// Their own choice when they made one (in the dashboard); else the language of the request at hand; else Burmese.
import { isLanguage, type Language } from '@topup/contract/messages';
import { DEFAULT_LANGUAGE } from '@topup/contract/limits';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './staff-language.repository.ts';

export type LanguageChangeListener = (userId: string, language: Language) => void;

/** Listeners told when someone changes their language (the hub updates its open connections). */
const listeners = new WeakMap<AppContext, Set<LanguageChangeListener>>();

export function onLanguageChange(ctx: AppContext, listener: LanguageChangeListener): () => void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export async function languageOf(ctx: AppContext, userId: string, fallback: Language = DEFAULT_LANGUAGE): Promise<Language> {
  const stored = await repo.findLanguage(ctx.db, userId);
  return isLanguage(stored) ? stored : fallback;
}

export async function setLanguage(ctx: AppContext, userId: string, language: Language): Promise<void> {
  await repo.saveLanguage(ctx.db, userId, language, nowIso());
  for (const listener of listeners.get(ctx) ?? []) listener(userId, language);
}
