// The web app's server renderer (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr): the markup inside
// <div id="root"> for a page's address, data and language. Loaded once; missing or broken, pages are the shell.
import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppData } from '@topup/contract/app-data';
import type { Language } from '@topup/contract/messages';

export type RenderPage = (url: string, data: AppData, language: Language) => Promise<string>;

/** The built renderer beside the web build (apps/web/dist-ssr), if it is there. */
export function defaultSsrEntry(webDir: string): string {
  return path.join(webDir, '..', 'dist-ssr', 'entry-server.js');
}

/** Imports the server renderer; null (and a warning) when it isn't built or can't be loaded: pages are then the shell. */
export async function loadRenderer(file: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  if (!existsSync(file)) {
    log.warn({ file }, 'the first-screen renderer is not built; pages are rendered in the browser (run `npm run build`)');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
    if (typeof mod.renderPage !== 'function') throw new Error('no renderPage export');
    return mod.renderPage;
  } catch (err) {
    log.error({ err, file }, 'could not load the first-screen renderer; pages are rendered in the browser');
    return null;
  }
}
