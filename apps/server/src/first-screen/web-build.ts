// What the first screen reads from the web app's build (apps/web/dist): index.html, Vite's manifest (which chunk
// each source module became), and the stylesheets index.html links. The web app's source paths the server needs
// (manifest keys of the storefront's routes) are named here and nowhere else.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classWordsInScript } from './first-screen-css.ts';

/** apps/web/dist, found from this file both in src/ (tests, dev) and in the bundled dist/main.js. */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
}

export type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/** The built web app: its index.html, and its manifest when the build wrote one. */
export type WebBuild = { indexHtml: string; manifest: Manifest | null };

/** The build in `webDir`, or null when there is no index.html (the web app is not built). */
export function readWebBuild(webDir: string): WebBuild | null {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  return { indexHtml: readFileSync(indexFile, 'utf8'), manifest };
}

/** The app itself, which the small entry imports once the page has painted (apps/web/src/main.tsx). */
const APP_MODULE = 'src/boot.tsx';

/** The modules each page needs beyond the entry (keys of Vite's manifest): the app and the page's routes. */
export const PAGE_MODULES = {
  shell: [APP_MODULE],
  home: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/home.tsx'],
  game: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/game.tsx'],
  // The status page's texts are a lazy namespace: Burmese, the default language, comes with the page.
  order: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/order-status.tsx', 'src/locales/mm/tracking.json'],
} as const;

/**
 * The storefront's routes: the pages a buyer moves between without reloading. Their code (with its imports and its
 * own lazy parts, not boot's other routes) decides which CSS rules the server-rendered pages carry inline; the
 * browser loads the whole stylesheet only for the other routes (staff sign-in and dashboard: app/router.tsx).
 */
const STOREFRONT_MODULES = [
  'index.html',
  APP_MODULE,
  'src/app/routes/storefront-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/game.tsx',
  'src/app/routes/order-status.tsx',
  'src/app/routes/my-orders.tsx',
  'src/app/routes/find-order.tsx',
  'src/app/routes/not-found.tsx',
] as const;

/** The words of the storefront's scripts that may be class names (first-screen-css.ts), from the built files. */
export function storefrontClassWords(manifest: Manifest | null, webDir: string): Set<string> | null {
  if (!manifest) return null;
  const seen = new Set<string>();
  const words = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    const file = path.join(webDir, chunk.file);
    if (chunk.file.endsWith('.js') && existsSync(file)) for (const w of classWordsInScript(readFileSync(file, 'utf8'))) words.add(w);
    for (const dep of chunk.imports ?? []) visit(dep);
    // boot's lazy imports are the router's routes: only the storefront's own are listed above.
    if (key !== APP_MODULE) for (const dep of chunk.dynamicImports ?? []) visit(dep);
  };
  STOREFRONT_MODULES.forEach(visit);
  return words;
}

/** The chunk files a page needs beyond the entry (which index.html already loads), in load order. */
export function pageChunks(manifest: Manifest | null, modules: readonly string[], alreadyInHtml: string): string[] {
  if (!manifest) return [];
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.includes(chunk.file)) return;
    for (const dep of chunk.imports ?? []) visit(dep);
    if (!alreadyInHtml.includes(chunk.file)) files.push(chunk.file);
  };
  modules.forEach(visit);
  return files;
}

/** A stylesheet of the build that index.html links: the tag, its address, and its text made safe for `<style>`. */
export type LinkedStylesheet = { tag: string; href: string; css: string };

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * The build's own stylesheets that `html` links (same-origin files of the build that exist), read once, with any
 * `</style` in them made harmless so that they can't end the `<style>` element early.
 *
 * Every HTML page carries its stylesheets inline: on a slow phone network the separate render-blocking CSS request
 * cost a round trip before anything could paint (Lighthouse: ~450 ms). The pages with server-rendered markup (`/`,
 * `/game/{id}`) carry only the rules that their markup and the storefront's scripts can use (first-screen-css.ts,
 * marked `data-first-screen`): about two thirds of the sheet, the staff pages' rules left out. The browser loads the
 * whole file only if the reader goes on to a staff page (apps/web/src/lib/whole-stylesheet.ts). Other pages carry
 * all of it.
 */
export function linkedStylesheets(html: string, webDir: string): LinkedStylesheet[] {
  const out: LinkedStylesheet[] = [];
  for (const [tag, file] of html.matchAll(STYLESHEET_LINK)) {
    const full = path.join(webDir, file!);
    if (existsSync(full)) out.push({ tag, href: `/${file}`, css: readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style') });
  }
  return out;
}
